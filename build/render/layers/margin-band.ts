import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { stackedBandAlphas } from './band-stack.ts';

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

/**
 * A soft band along one margin: `style` at `peakAlpha` from `fromMm`, fading to nothing at `toMm` (mm,
 * + up; either way round), as `layers` thin bands stacked, widest and faintest first, each reaching a
 * step nearer `fromMm`, their alphas solved (band-stack.ts) so the stack follows peakAlpha·(1 − t)^power
 * (t 0 at fromMm … 1 at toMm). One band of one alpha has an edge a photograph's margin never shows.
 * `taper` scales both offsets, as traceMarginBand's; a gradient style's own alpha multiplies the ramp's.
 */
export function fillMarginRamp(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  m: LidMargins,
  which: 'upper' | 'lower',
  fromMm: number,
  toMm: number,
  taper: (t: number) => number,
  style: string | CanvasGradient,
  peakAlpha: number,
  power = 1.5,
  layers = 10,
): void {
  const profile = (t: number): number => peakAlpha * (1 - Math.min(1, t)) ** power;
  const reaches = Array.from({ length: layers }, (_, k) => (k + 1) / layers);
  const alphas = stackedBandAlphas(reaches, profile);
  const back = fromMm - 0.02 * Math.sign(toMm - fromMm);
  ctx.fillStyle = style;
  for (let k = layers - 1; k >= 0; k--) {
    ctx.beginPath();
    traceMarginBand(ctx, f, m, which, back, fromMm + (toMm - fromMm) * reaches[k], taper);
    ctx.globalAlpha = alphas[layers - 1 - k];
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}
