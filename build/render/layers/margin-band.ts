import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/** Samples along a margin for its bands: enough that a 0.3 mm band's curve shows no facets. */
const BAND_SAMPLES = 120;

/**
 * A band along one margin between two offsets (mm, + up), each scaled by a taper that is 0 at both
 * canthi, as a closed path: the margin's detail (lash line, waterline) thins to nothing where the lids
 * meet instead of ending in a square tip. `taper(t)` takes t = 0 lateral … 1 medial.
 */
export function traceMarginBand(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  m: LidMargins,
  which: 'upper' | 'lower',
  fromMm: number,
  toMm: number,
  taper: (t: number) => number,
): void {
  const fn = which === 'upper' ? m.upperMm : m.lowerMm;
  const xAt = (i: number): number => m.xLateralMm + ((m.xMedialMm - m.xLateralMm) * i) / BAND_SAMPLES;
  for (let i = 0; i <= BAND_SAMPLES; i++) {
    const x = xAt(i);
    const y = yPx(f, fn(x) + fromMm * taper(i / BAND_SAMPLES));
    if (i === 0) ctx.moveTo(xPx(f, x), y);
    else ctx.lineTo(xPx(f, x), y);
  }
  for (let i = BAND_SAMPLES; i >= 0; i--) {
    const x = xAt(i);
    ctx.lineTo(xPx(f, x), yPx(f, fn(x) + toMm * taper(i / BAND_SAMPLES)));
  }
  ctx.closePath();
}

/** A taper rising from 0 at each canthus to 1 over `lateral` / `medial` of the fissure, smoothly. */
export function canthalTaper(lateral: number, medial: number): (t: number) => number {
  return (t) => {
    const a = Math.min(1, Math.max(0, t / lateral));
    const b = Math.min(1, Math.max(0, (1 - t) / medial));
    return a * a * (3 - 2 * a) * (b * b * (3 - 2 * b));
  };
}
