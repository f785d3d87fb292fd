import { smoothstep } from '../assets/noise.ts';
import { CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM } from '../geometry/crease.ts';

/**
 * The crease's fold: a dark line just under it and the hood's soft shadow below that, mm. The line is
 * soft and light (at 0.11 mm and 20 % dark, 32 % with the shadow, it was a 1–2 px pen line 57 levels
 * deep at 720p: a dome outlined above the lid), and its depth wanders along the crease (foldWander).
 */
const FOLD_LINE_MM = 0.17;
const FOLD_LINE_AT_MM = 0.2;
const FOLD_SHADOW_MM = 0.85;
const FOLD_SHADOW_AT_MM = 0.45;
const FOLD_LINE_DARK = 0.06;
/** The hood's shadow down into the fold: a photograph's crease is a soft groove 30–60 levels deep (at 12 % it was ~24; face-warp.test.ts caps the whole fold at 20 %). */
const FOLD_SHADOW_DARK = 0.18;
/** The fold's edge ramps in over this depth: soft, never a stepped pixel line. */
const FOLD_RAMP_MM = 0.3;
/** Where the crease fades (mm): from about the lateral canthus and short of the medial one, inward. */
const CREASE_FADE_FROM_LATERAL_MM = CREASE_LATERAL_END_MM + 3.5;
const CREASE_FADE_LATERAL_MM = 9;
const CREASE_FADE_FROM_MEDIAL_MM = CREASE_MEDIAL_END_MM - 2;
const CREASE_FADE_MEDIAL_MM = 6.5;
/** The fold profile is tabulated in quarter pixels of depth under the crease. */
export const LUT_STEPS_PER_PX = 4;
/** How far under the crease the fold's shadow reaches (mm): the table's extent, and the rows it can darken. */
export const FOLD_EXTENT_MM = FOLD_SHADOW_AT_MM + 3 * FOLD_SHADOW_MM;

/** How strongly the crease shows at column x (0 past its ends … 1 over the middle). */
export function creaseFade(xMm: number): number {
  const f =
    smoothstep(CREASE_FADE_FROM_LATERAL_MM, CREASE_FADE_FROM_LATERAL_MM + CREASE_FADE_LATERAL_MM, xMm) *
    smoothstep(CREASE_FADE_FROM_MEDIAL_MM, CREASE_FADE_FROM_MEDIAL_MM - CREASE_FADE_MEDIAL_MM, xMm);
  // Squared: the fold's last, steep stretch toward the canthi stays faint, not an outline.
  return f * f;
}

/** A real crease is deeper in places and shallower in others: 0.6–1 along it, slowly (periods 7–17 mm). */
export function foldWander(xMm: number): number {
  return 0.8 + 0.2 * Math.sin(0.9 * xMm + 1.1) * Math.sin(0.37 * xMm + 0.4);
}

/**
 * The fold's depth for a lid stretch k: deeper bunched up (k < 1), unrolling as the lid closes: half
 * at k = 1.3, a fortieth shut (k ≈ 2.5), the fold gone and the crease no more than a trace. (At a
 * third shut, 1/(1 + 1.6(k − 1)), its shadow stayed 0.7 mm wide under a shut lid's crease, 8 levels
 * deep: the hood above read as a pale arc.)
 */
export function foldDepth(k: number): number {
  return k < 1 ? 1 + 4 * (1 - k) : Math.exp(-2.5 * (k - 1));
}

export function foldLut(pxPerMm: number): Float32Array {
  const extentPx = FOLD_EXTENT_MM * pxPerMm;
  const lut = new Float32Array(Math.ceil(extentPx * LUT_STEPS_PER_PX) + 1);
  for (let i = 0; i < lut.length - 1; i++) {
    const dMm = i / LUT_STEPS_PER_PX / pxPerMm;
    const a = (dMm - FOLD_LINE_AT_MM) / FOLD_LINE_MM;
    const c = (dMm - FOLD_SHADOW_AT_MM) / FOLD_SHADOW_MM;
    lut[i] = smoothstep(0, FOLD_RAMP_MM, dMm) * (FOLD_LINE_DARK * Math.exp(-a * a) + FOLD_SHADOW_DARK * Math.exp(-c * c));
  }
  return lut;
}
