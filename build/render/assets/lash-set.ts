import { textureRandom } from './noise.ts';

/**
 * The lashes, drawn once from the fixed seed: where each grows along its margin (a fraction of the
 * fissure, so lashes stretch with the lid and never slide along it), how long, which way it fans, how
 * it curls, and which clump its tip leans into (real lashes gather in little clumps of 2–4).
 * Upper lashes are long and dense in the middle and lateral thirds, sparse by the nose, fanning toward
 * the temple laterally; lower ones are short, fine and sparse.
 */
export interface Lash {
  /** 0 lateral canthus … 1 medial canthus. */
  t: number;
  lengthMm: number;
  /** Angle from straight out of the lid (radians, + toward the nose). */
  fanRad: number;
  /** How much the lash sweeps sideways before it turns (0…1). */
  sweep: number;
  widthMm: number;
  /** Tip offset toward the clump's centre, mm (x, y in the lash's own up/side frame). */
  clumpSideMm: number;
  /** 0 darkest … 1 lightest. */
  shade: number;
}

function makeLashes(
  name: string,
  count: number,
  lengthMm: [number, number],
  fan: [number, number],
  density: (t: number) => number,
): Lash[] {
  const rng = textureRandom(name);
  const out: Lash[] = [];
  while (out.length < count) {
    const t = rng.uniform(0.02, 0.98);
    if (!rng.chance(density(t))) continue;
    // Longest a little lateral of the middle, as real upper lashes are.
    const bulk = Math.sin(Math.PI * Math.pow(t, 1.3));
    out.push({
      t,
      lengthMm: (lengthMm[0] + (lengthMm[1] - lengthMm[0]) * bulk) * rng.uniform(0.75, 1.12),
      fanRad: fan[0] + (fan[1] - fan[0]) * t + rng.uniform(-0.16, 0.16),
      sweep: rng.uniform(0.2, 0.55),
      widthMm: rng.uniform(0.13, 0.2),
      clumpSideMm: 0,
      shade: rng.next(),
    });
  }
  out.sort((a, b) => a.t - b.t);
  // Clumps: consecutive runs of 2–4 lashes lean their tips together.
  for (let i = 0; i < out.length; ) {
    const size = rng.int(2, 4);
    const run = out.slice(i, i + size);
    const mean = run.reduce((s, l) => s + l.fanRad, 0) / run.length;
    for (const l of run) l.clumpSideMm = (mean - l.fanRad) * l.lengthMm * 0.45;
    i += size;
  }
  return out;
}

export const UPPER_LASHES: readonly Lash[] = makeLashes('lashes/upper', 104, [1.3, 3.9], [-1.15, 0.5], (t) =>
  t > 0.85 ? 0.3 : t < 0.06 ? 0.5 : 1,
);
export const LOWER_LASHES: readonly Lash[] = makeLashes('lashes/lower', 24, [0.5, 1.3], [-1.0, 0.5], (t) =>
  t > 0.75 ? 0.2 : t < 0.08 ? 0.4 : 0.75,
);
