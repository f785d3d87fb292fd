import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/** Samples along a margin for its bands: enough that a 0.3 mm band's curve shows no facets. */
const BAND_SAMPLES = 120;
/**
 * Samples per quadratic of a band's side: the side passes through every QUAD_SPAN-th sample and the
 * one half way between (traceSide). A software canvas rasterises a fill in time that grows with its
 * edges: 242 straight edges a band, ~50 bands a lid, were a third of a lid's redraw (the lower margin
 * 10.3 ms of ~33 at 1280×720, now 7.2).
 */
const QUAD_SPAN = 4;
/** How near the samples between a quadratic must pass to stand for them, px (else they are traced straight). */
const QUAD_TOLERANCE_PX = 0.05;

/** One margin's samples for one frame's margins and frame geometry, px (shared by every band along it). */
interface MarginSamples {
  f: EyeFrame;
  x: Float64Array;
  y: Float64Array;
}
const sampled = new WeakMap<LidMargins, { upper?: MarginSamples; lower?: MarginSamples }>();
/** Each taper's values at the samples (a taper is a pure function of t, made once per layer module). */
const tapered = new WeakMap<(t: number) => number, Float64Array>();

function marginSamples(f: EyeFrame, m: LidMargins, which: 'upper' | 'lower'): MarginSamples {
  let byWhich = sampled.get(m);
  if (!byWhich) sampled.set(m, (byWhich = {}));
  let s = byWhich[which];
  if (!s || s.f !== f) {
    const fn = which === 'upper' ? m.upperMm : m.lowerMm;
    s = { f, x: new Float64Array(BAND_SAMPLES + 1), y: new Float64Array(BAND_SAMPLES + 1) };
    for (let i = 0; i <= BAND_SAMPLES; i++) {
      const x = m.xLateralMm + ((m.xMedialMm - m.xLateralMm) * i) / BAND_SAMPLES;
      s.x[i] = xPx(f, x);
      s.y[i] = yPx(f, fn(x));
    }
    byWhich[which] = s;
  }
  return s;
}

function taperSamples(taper: (t: number) => number): Float64Array {
  let t = tapered.get(taper);
  if (!t) {
    t = new Float64Array(BAND_SAMPLES + 1);
    for (let i = 0; i <= BAND_SAMPLES; i++) t[i] = taper(i / BAND_SAMPLES);
    tapered.set(taper, t);
  }
  return t;
}

/**
 * A band along one margin between two offsets (mm, + up), each scaled by a taper that is 0 at both
 * canthi, as a closed path: the margin's detail (lash line, waterline) thins to nothing where the lids
 * meet instead of ending in a square tip. `taper(t)` takes t = 0 lateral … 1 medial.
 */
export function traceMarginBand(
  ctx: Pick<CanvasRenderingContext2D, 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'closePath'>,
  f: EyeFrame,
  m: LidMargins,
  which: 'upper' | 'lower',
  fromMm: number,
  toMm: number,
  taper: (t: number) => number,
): void {
  const { x, y } = marginSamples(f, m, which);
  const tp = taperSamples(taper);
  const from = fromMm * f.pxPerMm;
  const to = toMm * f.pxPerMm;
  ctx.moveTo(x[0], y[0] - from * tp[0]);
  traceSide(ctx, x, y, tp, from, 1);
  ctx.lineTo(x[BAND_SAMPLES], y[BAND_SAMPLES] - to * tp[BAND_SAMPLES]);
  traceSide(ctx, x, y, tp, to, -1);
  ctx.closePath();
}

/**
 * One side of a band from the current point (sample 0 going lateral to medial, dir 1; sample
 * BAND_SAMPLES going back, dir −1): a quadratic through every QUAD_SPAN-th sample and the one half
 * way, wherever it passes the samples between within QUAD_TOLERANCE_PX, and straight segments sample
 * by sample where it would not (into a canthus's sharp turn, along the lash line's wander).
 */
function traceSide(ctx: Pick<CanvasRenderingContext2D, 'lineTo' | 'quadraticCurveTo'>, x: Float64Array, y: Float64Array, tp: Float64Array, offPx: number, dir: 1 | -1): void {
  const at = (i: number): number => y[i] - offPx * tp[i];
  const end = dir === 1 ? BAND_SAMPLES : 0;
  for (let i = dir === 1 ? 0 : BAND_SAMPLES; i !== end; i += dir * QUAD_SPAN) {
    const q = i + (dir * QUAD_SPAN) / 4;
    const h = i + (dir * QUAD_SPAN) / 2;
    const r = i + (dir * 3 * QUAD_SPAN) / 4;
    const j = i + dir * QUAD_SPAN;
    const y0 = at(i);
    const y1 = at(j);
    const cy = 2 * at(h) - (y0 + y1) / 2;
    // The quadratic at a quarter and three quarters of its way (the samples are evenly spaced in x).
    const yq = 0.5625 * y0 + 0.375 * cy + 0.0625 * y1;
    const yr = 0.0625 * y0 + 0.375 * cy + 0.5625 * y1;
    if (Math.abs(yq - at(q)) <= QUAD_TOLERANCE_PX && Math.abs(yr - at(r)) <= QUAD_TOLERANCE_PX) {
      ctx.quadraticCurveTo(2 * x[h] - (x[i] + x[j]) / 2, cy, x[j], y1);
    } else {
      for (let k = i + dir; k !== j + dir; k += dir) ctx.lineTo(x[k], at(k));
    }
  }
}

/** A taper rising from 0 at each canthus to 1 over `lateral` / `medial` of the fissure, smoothly. */
export function canthalTaper(lateral: number, medial: number): (t: number) => number {
  return (t) => {
    const a = Math.min(1, Math.max(0, t / lateral));
    const b = Math.min(1, Math.max(0, (1 - t) / medial));
    return a * a * (3 - 2 * a) * (b * b * (3 - 2 * b));
  };
}

/** How much of a margin's wet detail shows: none as the lids meet, all from openness 0.48 (both lids). */
export function marginShow(m: LidMargins): number {
  return Math.min(1, Math.max(0, (m.openness - 0.08) / 0.4));
}
