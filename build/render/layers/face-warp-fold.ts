import { smoothstep } from '../assets/noise.ts';
import { CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM } from '../geometry/crease.ts';

/**
 * The crease's fold: a groove just under the crease, where the hood's skin turns under, and a short
 * soft shadow below it, mm. The groove is the darkest thing about the crease (a photograph's crease is
 * a dark line 0.2–0.5 mm wide with the lid under it back to the face's tone within a millimetre). (As
 * a 0.17 mm line of 6 % over a 0.85 mm-wide shadow of 18 % centred 0.45 mm down, the shadow's top edge
 * was the crease: a grey band 1.5 mm tall with a sharp upper rim, the lid below it reading as a dome
 * laid on the skin, issue 18. At 0.11 mm and 20 % dark, 32 % with the shadow, it was a 1–2 px pen line.)
 * Its depth wanders along the crease (foldWander).
 */
const FOLD_LINE_MM = 0.28;
const FOLD_LINE_AT_MM = 0.28;
const FOLD_SHADOW_MM = 0.45;
const FOLD_SHADOW_AT_MM = 0.65;
/** The groove: a photograph's crease is a soft line 30–60 levels deep (face-warp.test.ts caps the whole fold at 20 %). */
const FOLD_LINE_DARK = 0.21;
const FOLD_SHADOW_DARK = 0.04;
/** The fold's edge ramps in over this depth: soft, never a stepped pixel line. */
const FOLD_RAMP_MM = 0.34;
/**
 * Skin in shadow is warmer, not greyer (light that reaches it has passed through skin): the fold takes
 * this share of its darkening off red, all of it off green and a little more off blue. (Neutral, the
 * groove read as a grey film.)
 */
export const FOLD_RED = 0.78;
export const FOLD_BLUE = 1.06;
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
