import { textureRandom } from '../assets/noise.ts';
import type { EyeFrame } from './eye-frame.ts';
import { xPx, yPx } from './eye-frame.ts';
import type { LidMargins } from './lid-margins.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM } from './lid-shape.ts';
import { TEAR_T1, meniscusHeightMm, tearShow, tearStreaks } from './tear-meniscus.ts';

/**
 * The lids' own glints, fixed to the lid like the meniscus (tear-meniscus.ts): a place along the
 * fissure and a height over the lower margin (− below, on the lid's wet edge) or under the upper.
 * Few and uneven: the lower lid's wet edge catches the light in a handful of short elongated flecks
 * at irregular places (a row of round dots at one size read as sequins); the meniscus's own light is
 * its streaks, with a hot point in a few of the brightest.
 */
export interface LidGlint {
  t: number;
  margin: 'upper' | 'lower';
  offsetMm: number;
  radiusMm: number;
  /** How much longer than tall (along the lid). */
  stretch: number;
  strength: number;
}

let glints: LidGlint[] | null = null;
/** How many glints the upper margin shows. */
const UPPER_GLINTS = 4;

/** The glints, grown once; none in the outer 7 % of the fissure, where the lids turn into the canthal angle. */
export function lidGlints(): LidGlint[] {
  if (glints) return glints;
  const rng = textureRandom('lid-glints');
  const out: LidGlint[] = [];
  for (const s of tearStreaks()) {
    if (s.strength < 0.85 || s.t0 < 0.07 || s.t1 > TEAR_T1 - 0.03 || !rng.chance(0.6)) continue;
    const t = s.t0 + (s.t1 - s.t0) * rng.uniform(0.3, 0.7);
    out.push({ t, margin: 'lower', offsetMm: s.crest * meniscusHeightMm(t), radiusMm: rng.uniform(0.035, 0.06), stretch: rng.uniform(1.2, 2), strength: rng.uniform(0.85, 1) });
  }
  // On the wet inner edge of the waterline, where the tear film wets the tissue's curve: thin flecks
  // drawn out along the margin (round dots mid-waterline read as sequins sewn onto a pink ribbon).
  for (let i = 0; i < 9; i++) {
    out.push({ t: rng.uniform(0.07, 0.93), margin: 'lower', offsetMm: -rng.uniform(0.05, 0.16), radiusMm: rng.uniform(0.025, 0.045), stretch: rng.uniform(2.4, 4.5), strength: rng.uniform(0.7, 1) });
  }
  // The upper margin faces down, into the lashes' shade: a few faint flecks drawn out along it (nine
  // bright round dots read as sequins sewn along the lash line).
  for (let i = 0; i < UPPER_GLINTS; i++) {
    out.push({ t: rng.uniform(0.15, 0.85), margin: 'upper', offsetMm: rng.uniform(0.02, 0.07), radiusMm: rng.uniform(0.03, 0.05), stretch: rng.uniform(2, 3.5), strength: rng.uniform(0.6, 0.8) });
  }
  glints = out;
  return out;
}

/**
 * A glint on the lower lid's lash line: the margin's front edge, where the lashes leave it, wet with
 * tear and the glands' oil and round across, so from the front it catches the light in a broken row of
 * tiny sparks between the lash roots (the periocular photographs' brightest detail under the eye; the
 * waterline's flecks above it are fewer). Placed by `t` along the fissure and `depth`, its height as a
 * share of the lash line's under the margin (which thins into both canthi and with the lid's closing),
 * so it rides the lid. Clumped and uneven in size and strength (one size at one pitch reads as sequins).
 */
export interface LashLineGlint {
  t: number;
  depth: number;
  radiusMm: number;
  stretch: number;
  strength: number;
}

let lashLine: LashLineGlint[] | null = null;
/** How many clumps of sparks the lash line shows. */
const LASH_LINE_CLUMPS = 24;
/** The fissure's length at rest, mm (a clump's spread is given in mm, its place in t). */
const FISSURE_SPAN_MM = CANTHUS_MEDIAL_MM.x - CANTHUS_LATERAL_MM.x;

/** The lash line's sparks, grown once: clumps of 1–4 a few tenths of a mm apart, most across the middle of the lid, where it faces the light. */
export function lashLineGlints(): LashLineGlint[] {
  if (lashLine) return lashLine;
  const rng = textureRandom('lash-line-glints');
  const out: LashLineGlint[] = [];
  for (let c = 0; c < LASH_LINE_CLUMPS; c++) {
    // Middle-heavy: the mean of two draws.
    const tc = (rng.uniform(0.1, 0.88) + rng.uniform(0.16, 0.82)) / 2;
    const pick = rng.next();
    const size = pick < 0.35 ? 1 : pick < 0.7 ? 2 : pick < 0.9 ? 3 : 4;
    for (let k = 0; k < size; k++) {
      const t = tc + rng.uniform(-0.3, 0.3) / FISSURE_SPAN_MM;
      // Mostly pinpoints, a few larger and drawn out along the lid.
      out.push({ t, depth: rng.uniform(0.72, 1.2), radiusMm: 0.03 + 0.05 * rng.next() ** 2, stretch: rng.uniform(1, 2.2), strength: rng.uniform(0.4, 1) });
    }
  }
  lashLine = out;
  return out;
}

/** A glint's centre in frame px for these margins (upper: offset is under the margin, into the lid's edge; lower: over it). */
export function lidGlintPx(f: EyeFrame, m: LidMargins, g: LidGlint): { xPx: number; yPx: number } {
  const x = m.xLateralMm + (m.xMedialMm - m.xLateralMm) * g.t;
  const y = g.margin === 'lower' ? m.lowerMm(x) + g.offsetMm * (g.offsetMm > 0 ? tearShow(m) : 1) : m.upperMm(x) + g.offsetMm;
  return { xPx: xPx(f, x), yPx: yPx(f, y) };
}
