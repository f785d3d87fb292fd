import { textureRandom } from './noise.ts';

/**
 * The lashes, drawn once from the fixed seed: where each grows along its margin (a fraction of the
 * fissure, so lashes stretch with the lid and never slide along it), how long, which way it fans, how
 * it curls, and which clump its tip leans into (real lashes gather in little clumps of 2–4).
 * Upper lashes are long and dense in the middle and the outer third, sparse by the nose, fanning toward
 * the temple laterally and a little toward the nose medially; lower ones are fewer, shorter and finer.
 * Spacing is uneven (rejection-sampled positions) and so are lengths.
 */
export interface Lash {
  /** 0 lateral canthus … 1 medial canthus. */
  t: number;
  lengthMm: number;
  /** Angle of the lash's plane from straight out of the face (radians, + toward the nose). */
  fanRad: number;
  /** Elevation where the lash leaves the lid and at its tip (radians from straight out, + up). */
  rootRad: number;
  tipRad: number;
  widthMm: number;
  /** Sideways lean of the tip toward its clump's centre, mm. */
  clumpSideMm: number;
  /** Sideways curl as the lash bends (no hair is straight: seen end-on it still curves), −…+ toward the nose. */
  twist: number;
  /** 0 darkest … 1 lightest. */
  shade: number;
}

interface LashSpec {
  count: number;
  lengthMm: [number, number];
  fan: [number, number];
  root: [number, number];
  tip: [number, number];
  width: [number, number];
  /** Sideways curl range (Lash.twist). */
  twist: [number, number];
  density: (t: number) => number;
  /** Where along the fissure the lashes are longest. */
  longestAt: number;
}

function makeLashes(name: string, spec: LashSpec): Lash[] {
  const rng = textureRandom(name);
  const out: Lash[] = [];
  while (out.length < spec.count) {
    const t = rng.uniform(0.015, 0.985);
    if (!rng.chance(spec.density(t))) continue;
    // Longest at `longestAt`, shortest toward both canthi.
    const u = t < spec.longestAt ? t / spec.longestAt : (1 - t) / (1 - spec.longestAt);
    const bulk = Math.sin((Math.PI / 2) * Math.min(1, u * 1.15));
    out.push({
      t,
      lengthMm: (spec.lengthMm[0] + (spec.lengthMm[1] - spec.lengthMm[0]) * bulk) * rng.uniform(0.7, 1.12),
      fanRad: spec.fan[0] + (spec.fan[1] - spec.fan[0]) * t + rng.uniform(-0.14, 0.14),
      rootRad: rng.uniform(spec.root[0], spec.root[1]),
      tipRad: rng.uniform(spec.tip[0], spec.tip[1]),
      widthMm: rng.uniform(spec.width[0], spec.width[1]),
      clumpSideMm: 0,
      twist: rng.uniform(spec.twist[0], spec.twist[1]),
      shade: rng.next(),
    });
  }
  out.sort((a, b) => a.t - b.t);
  // Clumps: consecutive runs of 2–4 lashes lean their tips together.
  for (let i = 0; i < out.length; ) {
    const size = rng.int(2, 4);
    const run = out.slice(i, i + size);
    const mean = run.reduce((s, l) => s + l.fanRad, 0) / run.length;
    for (const l of run) l.clumpSideMm = (mean - l.fanRad) * l.lengthMm * 0.4;
    i += size;
  }
  return out;
}

export const UPPER_LASHES: readonly Lash[] = makeLashes('lashes/upper/v2', {
  count: 110,
  lengthMm: [1.2, 3.8],
  fan: [-1.05, 0.45],
  root: [-0.4, 0.0],
  tip: [1.5, 2.0],
  width: [0.12, 0.19],
  // Mostly toward the temple: upper lashes curve up and out (eye.md §11), so no central lash reads as
  // a straight vertical needle (one at ±0.35 made a 1.56 mm straight edge in 2026-script's open eye).
  twist: [-0.6, 0.1],
  // Densest over the outer third and the middle, thinning by the nose.
  density: (t) => (t < 0.05 ? 0.45 : t < 0.62 ? 1 : t < 0.82 ? 0.6 : 0.25),
  longestAt: 0.42,
});

export const LOWER_LASHES: readonly Lash[] = makeLashes('lashes/lower/v2', {
  count: 30,
  lengthMm: [0.5, 1.4],
  fan: [-0.95, 0.4],
  // Lower lashes point down (negative elevation) and curl a little further down.
  root: [-0.5, -0.2],
  tip: [-1.2, -0.8],
  width: [0.08, 0.12],
  twist: [-0.35, 0.35],
  density: (t) => (t < 0.08 ? 0.35 : t > 0.8 ? 0.15 : 0.7),
  longestAt: 0.4,
});
