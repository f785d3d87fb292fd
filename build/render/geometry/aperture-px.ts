import type { EyeFrame } from './eye-frame.ts';
import { xPx, yPx } from './eye-frame.ts';
import type { LidMargins } from './lid-margins.ts';

/**
 * The palpebral opening as a closed polygon in canvas pixels: the upper margin from the lateral to
 * the medial canthus, then the lower margin back. Both the colour and the mask pass clip to exactly
 * this polygon, so the pixels show the geometry the model asked for.
 */
export const MARGIN_SAMPLES = 96;
/**
 * The samples crowd toward the canthi (x = u − β·sin 2πu / 2π along the fissure): the corners are
 * rounded within their last fraction of a mm (lid-shape.ts cornerShape), where even steps of 0.3 mm
 * drew them as chords; the middle's steps of ~0.55 mm stay far flatter than a pixel.
 */
const CORNER_CROWDING = 0.85;

/** Where sample i of n lies along the fissure, 0 … 1. */
export function marginSampleU(i: number, n: number): number {
  const u = i / n;
  return u - (CORNER_CROWDING * Math.sin(2 * Math.PI * u)) / (2 * Math.PI);
}

/** Points of one margin (lateral → medial) as [x0, y0, x1, y1, …] in px. */
export function marginPolylinePx(
  f: EyeFrame,
  m: LidMargins,
  which: 'upper' | 'lower',
  offsetMm = 0,
  samples = MARGIN_SAMPLES,
): number[] {
  const fn = which === 'upper' ? m.upperMm : m.lowerMm;
  const out: number[] = [];
  for (let i = 0; i <= samples; i++) {
    const x = m.xLateralMm + (m.xMedialMm - m.xLateralMm) * marginSampleU(i, samples);
    out.push(xPx(f, x), yPx(f, fn(x) + offsetMm));
  }
  return out;
}

/** The opening's outline: upper lateral → medial, then lower medial → lateral. */
export function aperturePolygonPx(f: EyeFrame, m: LidMargins, samples = MARGIN_SAMPLES): number[] {
  const upper = marginPolylinePx(f, m, 'upper', 0, samples);
  const lower = marginPolylinePx(f, m, 'lower', 0, samples);
  const out = upper.slice();
  for (let i = lower.length - 2; i >= 0; i -= 2) out.push(lower[i], lower[i + 1]);
  return out;
}

/**
 * The vertical extent (px) of a polygon at canvas column x: top and bottom crossings, or null.
 * This is what a pixel measurement of the opening at the pupil's column reads.
 */
export function verticalSpanAtPx(poly: number[], x: number): { topPx: number; bottomPx: number } | null {
  let top = Infinity;
  let bottom = -Infinity;
  const n = poly.length / 2;
  for (let i = 0; i < n; i++) {
    const x0 = poly[2 * i];
    const y0 = poly[2 * i + 1];
    const x1 = poly[(2 * ((i + 1) % n))];
    const y1 = poly[(2 * ((i + 1) % n)) + 1];
    if ((x0 <= x && x <= x1) || (x1 <= x && x <= x0)) {
      const y = x1 === x0 ? Math.min(y0, y1) : y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return top === Infinity ? null : { topPx: top, bottomPx: bottom };
}
