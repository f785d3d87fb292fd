import { REST_LOWER_LID_MM, REST_UPPER_LID_MM } from '../../model/anatomy/rest.ts';

/**
 * The rest shape of the palpebral fissure (a right eye: the nose, medial canthus and caruncle are on
 * the viewer's right, +x). Everything here is in mm, +y up, origin at the globe centre.
 *
 * The fissure is ~29 mm wide with a slight positive canthal tilt (lateral canthus ~1.4 mm higher).
 * Each margin is a baseline between the canthi plus an arch: the upper arch peaks a little medial of
 * the pupil, the lower one bottoms out a little lateral, as in real lids. Arches are normalised to 1
 * at their extreme, so a single amplitude per lid places the margin at any height at a given column.
 */
export const CANTHUS_LATERAL_MM = { x: -14.2, y: 0.55 };
export const CANTHUS_MEDIAL_MM = { x: 14.8, y: -0.85 };

/**
 * Arch exponents at the lateral (a) and medial (b) ends: t^a·(1−t)^b, normalised. Below 1 an end
 * meets the canthus steeply (rounded), near 1 at an angle (pointed). The lateral ends are near 1, so
 * the margins meet there at a real angle (the lateral canthal angle, ~35° here); the medial ends are
 * rounder (the lacrimal lake round the caruncle). The upper arch peaks at a/(a+b) ≈ 0.57 (a little
 * medial of the pupil), the lower bottoms out at ≈ 0.49 (a little lateral).
 */
const UPPER_A = 0.92;
const UPPER_B = 0.7;
const LOWER_A = 0.9;
const LOWER_B = 0.92;

/** Position along the fissure, 0 at the lateral canthus, 1 at the medial, clamped. */
export function fissureT(xMm: number): number {
  const t = (xMm - CANTHUS_LATERAL_MM.x) / (CANTHUS_MEDIAL_MM.x - CANTHUS_LATERAL_MM.x);
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/** The straight line between the canthi. */
export function canthalLineMm(xMm: number): number {
  const t = fissureT(xMm);
  return CANTHUS_LATERAL_MM.y + (CANTHUS_MEDIAL_MM.y - CANTHUS_LATERAL_MM.y) * t;
}

function betaArch(t: number, a: number, b: number): number {
  if (t <= 0 || t >= 1) return 0;
  const peak = a / (a + b);
  return ((Math.pow(t, a) * Math.pow(1 - t, b)) / (Math.pow(peak, a) * Math.pow(1 - peak, b))) * cornerShape(t, b);
}

/**
 * The corners, as a factor on both arches (so the margins still meet there, and a closing lid still
 * meets the lower one all along). The arches alone met in knife points, the lateral one at ~80°.
 * - Lateral: acute, the opening narrowed to 40 % of the arches' over its last few mm (~38° between
 *   the margins), but soft: the opening near the tip is √(d² + 2·e·d) (a hyperbola about the wedge,
 *   its vertex ~0.1 mm round) instead of d, blended back into the arches by 2.5 mm: the lids' edges
 *   have thickness and turn into each other there.
 * - Medial: a rounded pocket, the lacrimal lake holding the caruncle. Over its last MEDIAL_POCKET_MM
 *   each margin first runs straight (its arch's (1−t)^b made linear, the same for both lids), then
 *   bows out by MEDIAL_ROUND_SQRT_MM·√d·(1 − d/reach)²: near the end the margins leave it as √d, a U whose
 *   ends turn through the vertical (vertex radius k²·MEDIAL_ROUND_SQRT_MM²/2 for a margin of slope k, ~1.1 mm
 *   for the upper at rest, ~0.5 mm for the lower), and the bow's value and slope fall to 0 at the
 *   pocket's reach, so the arches carry on unchanged beyond it. (The arch's own (1−t)^0.7 under a
 *   hyperbolic tip made the end a 0.45-mm flat nose between two straight edges ~90° apart.)
 */
const FISSURE_WIDTH_MM = CANTHUS_MEDIAL_MM.x - CANTHUS_LATERAL_MM.x;
const LATERAL_ACUTE_SHARE = 0.4;
const LATERAL_ACUTE_MM = 4;
const LATERAL_TIP_E_MM = 0.45;
const LATERAL_TIP_REACH_MM = 2.5;
/** How far (mm from the medial end) the pocket's rounding reaches, and its bow, √mm. */
export const MEDIAL_POCKET_MM = 2;
const MEDIAL_ROUND_SQRT_MM = 1.1;

function smooth01(u: number): number {
  const v = u <= 0 ? 0 : u >= 1 ? 1 : u;
  return v * v * (3 - 2 * v);
}

/** √(1 + 2e/d) near the tip, fading to 1 at `reachMm`. */
function tipTerm(dMm: number, eMm: number, reachMm: number): number {
  if (dMm >= reachMm) return 1;
  const d = Math.max(1e-6, dMm);
  return 1 + (Math.sqrt(1 + (2 * eMm) / d) - 1) * (1 - smooth01(d / reachMm));
}

/**
 * The medial pocket's factor on an arch ending as (1−t)^b, dMm from the end: (d/reach)^(1−b) makes it
 * linear there (blended back to 1 by the reach, value and slope), times the round bow.
 */
function medialPocket(dMm: number, b: number): number {
  if (dMm >= MEDIAL_POCKET_MM) return 1;
  const d = Math.max(1e-9, dMm);
  const u = d / MEDIAL_POCKET_MM;
  const linear = 1 + (Math.pow(u, 1 - b) - 1) * (1 - smooth01(u));
  return linear * (1 + (MEDIAL_ROUND_SQRT_MM * (1 - u) * (1 - u)) / Math.sqrt(d));
}

/** @param b the arch's exponent at its medial end ((1−t)^b). */
export function cornerShape(t: number, b: number): number {
  const dL = t * FISSURE_WIDTH_MM;
  const dM = (1 - t) * FISSURE_WIDTH_MM;
  const acute = LATERAL_ACUTE_SHARE + (1 - LATERAL_ACUTE_SHARE) * smooth01(dL / LATERAL_ACUTE_MM);
  return acute * tipTerm(dL, LATERAL_TIP_E_MM, LATERAL_TIP_REACH_MM) * medialPocket(dM, b);
}

/** Upper arch, 0 at the canthi, 1 at its peak. */
export function upperArch(t: number): number {
  return betaArch(t, UPPER_A, UPPER_B);
}

/** Lower arch (depth below the canthal line), 0 at the canthi, 1 at its trough. */
export function lowerArch(t: number): number {
  return betaArch(t, LOWER_A, LOWER_B);
}

const T_AT_CENTRE = fissureT(0);
/** Arch amplitudes that put the rest margins at the twin's rest heights at the globe's column. */
export const REST_UPPER_AMPLITUDE_MM = (REST_UPPER_LID_MM - canthalLineMm(0)) / upperArch(T_AT_CENTRE);
export const REST_LOWER_AMPLITUDE_MM = (canthalLineMm(0) - REST_LOWER_LID_MM) / lowerArch(T_AT_CENTRE);

/** The rest upper margin (eye straight ahead, open, no drape). */
export function restUpperMarginMm(xMm: number): number {
  return canthalLineMm(xMm) + REST_UPPER_AMPLITUDE_MM * upperArch(fissureT(xMm));
}

/** The rest lower margin. */
export function restLowerMarginMm(xMm: number): number {
  return canthalLineMm(xMm) - REST_LOWER_AMPLITUDE_MM * lowerArch(fissureT(xMm));
}
