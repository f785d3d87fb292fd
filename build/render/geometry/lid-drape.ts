import { smoothstep } from '../assets/noise.ts';

/**
 * The cornea bulging under a lid margin (eye.md §5): the cornea stands proud of the 13 mm lid sphere,
 * so where the margin crosses it the margin rides up in a gentle, wide rise centred on the cornea's
 * column, never a peak. The rise is largest when the margin crosses the cornea near its apex (mid
 * blink, or looking up) and vanishes as the margin leaves the limbus or the lids shut.
 */
export const UPPER_DRAPE_MAX_MM = 0.55;
export const LOWER_DRAPE_MAX_MM = 0.25;
/** Half width of the rise: a raised cosine a little wider than the cornea, so its slope stays small. */
export const DRAPE_HALF_WIDTH_MM = 7.5;
/** Margin-to-iris-centre distances (mm) where the cornea starts / fully lifts the margin. */
const DRAPE_START_MM = 6.8;
const DRAPE_FULL_MM = 2.5;

/** The rise's shape across the fissure: 1 at the cornea's column, 0 beyond the half width, C¹. */
export function drapeBump(dxMm: number): number {
  const u = Math.abs(dxMm) / DRAPE_HALF_WIDTH_MM;
  return u >= 1 ? 0 : 0.5 * (1 + Math.cos(Math.PI * u));
}

/**
 * How far (mm) the cornea lifts a margin at its column.
 * @param marginToIrisMm vertical distance from the margin to the iris centre at that column
 * @param openness 0 shut … 1 open at rest (the rise flattens as the lid stretches shut)
 */
export function drapeLiftMm(marginToIrisMm: number, openness: number, maxMm: number): number {
  const o = Math.min(1, Math.max(0, openness));
  return maxMm * o * smoothstep(DRAPE_START_MM, DRAPE_FULL_MM, Math.abs(marginToIrisMm));
}
