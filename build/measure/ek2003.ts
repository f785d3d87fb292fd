import { median } from './signal.ts';
import type { Segment } from './velocity.ts';

/** One row of the reference's `$table`, with sample indices 0-based (the R table's onset − 1). */
export interface Ek2003Saccade {
  onset: number;
  offset: number;
  /** max |v| over onset..offset, deg/s (the 5-point velocity). */
  peakVelocityDegPerS: number;
  /** Position at offset minus position at onset. */
  dxDeg: number;
  dyDeg: number;
  /** max − min within the run, signed by which came first (the table's dX, dY). */
  dXDeg: number;
  dYDeg: number;
}

export interface Ek2003Result {
  saccades: Ek2003Saccade[];
  /** The median-based σ per axis (msdx, msdy), deg/s; the mean-based one where that was below 1e-10. */
  msdDegPerS: { x: number; y: number };
  /** λ·σ, the ellipse's semi-axes (the reference's `radius`), deg/s. */
  radiusDegPerS: { x: number; y: number };
}

/** The reference stops ("msdx<realmin in microsacc") when even the mean-based σ is below this. */
const MSD_MIN = 1e-10;

/** σ below MSD_MIN on an axis: the reference stops there, and so does this. */
export class Ek2003FlatError extends Error {
  constructor(readonly axis: 'x' | 'y') {
    super(`the gaze's ${axis} velocity has no spread (σ < ${MSD_MIN} deg/s, by median and by mean): the threshold λσ is undefined`);
    this.name = 'Ek2003FlatError';
  }
}

/**
 * Engbert & Kliegl (2003) as the Microsaccade Toolbox's R code computes it (`vecvel` with TYPE 2, then
 * `microsacc`; build/measure/reference/ holds a transcription and the test that holds this to it):
 *
 * - velocity, per segment as `vecvel` per recording: v_n = SAMPLING/6 · (x_{n+2} + x_{n+1} − x_{n−1} −
 *   x_{n−2}); the second and second-to-last samples a central difference SAMPLING/2 · (x_{n+1} − x_{n−1});
 *   the first and last exactly 0 (and those zeros count in the medians, as in R). SAMPLING is one rate for
 *   the whole recording, not the samples' own times.
 * - σ per axis: msd = sqrt(median((v − median(v))²)), the toolbox's form (the paper's eq. 2 and the
 *   MATLAB version write sqrt(median(v²) − median(v)²); the two agree on symmetric noise); below 1e-10,
 *   the mean-based sqrt(mean(v²) − mean(v)²), and below that again the reference stops (Ek2003FlatError).
 * - candidates: samples with (vx/(λ·msdx))² + (vy/(λ·msdy))² > 1, strictly.
 * - runs: consecutive candidate indices form one run; a run of `minSamples` (MINDUR) or more is a
 *   saccade, onset its first index and offset its last. Nothing merges runs separated by a sample.
 *
 * Segments (runs of usable samples between gaps) are each differentiated as the reference would
 * differentiate a recording of their own, and their velocities pooled for one σ; on a recording
 * without gaps this is the reference exactly. A run never crosses a segment: edge velocities are 0.
 */
export function ek2003(
  xDeg: Float64Array,
  yDeg: Float64Array,
  segments: Segment[],
  opts: { lambda: number; minSamples: number; samplingHz: number },
): Ek2003Result {
  const n = xDeg.length;
  const vx = new Float64Array(n).fill(NaN);
  const vy = new Float64Array(n).fill(NaN);
  for (const seg of segments) {
    vecvel(xDeg, seg, opts.samplingHz, vx);
    vecvel(yDeg, seg, opts.samplingHz, vy);
  }
  const msdx = msd(vx, 'x');
  const msdy = msd(vy, 'y');
  const rx = opts.lambda * msdx;
  const ry = opts.lambda * msdy;
  const saccades: Ek2003Saccade[] = [];
  // The reference's loop over candidate indices, written as runs: a run is a stretch of consecutive
  // candidates; `dur` is its length in samples.
  let a = -1;
  for (let i = 0; i <= n; i++) {
    // Squares as products: R's x^2 is x*x, and a pow() may differ from it in the last bit.
    const qx = vx[i] / rx;
    const qy = vy[i] / ry;
    const candidate = i < n && qx * qx + qy * qy > 1;
    if (candidate && a < 0) a = i;
    else if (!candidate && a >= 0) {
      if (i - a >= opts.minSamples) saccades.push(describe(xDeg, yDeg, vx, vy, a, i - 1));
      a = -1;
    }
  }
  return { saccades, msdDegPerS: { x: msdx, y: msdy }, radiusDegPerS: { x: rx, y: ry } };
}

/** `vecvel(x, SAMPLING, TYPE=2)` on samples seg.start..seg.end, written into `v` (same indices). */
function vecvel(x: Float64Array, seg: Segment, sampling: number, v: Float64Array): void {
  const s = seg.start;
  const len = seg.end - seg.start + 1;
  // R's `v[3:(N-2),] <- …` with N < 5 indexes backwards; such a short stretch has no velocity here.
  if (len < 5) return;
  const k6 = sampling / 6;
  const k2 = sampling / 2;
  v[s] = 0;
  v[s + len - 1] = 0;
  // The same operations in the same order as R, so that σ and every test agree to the last bit.
  v[s + 1] = k2 * (x[s + 2] - x[s]);
  v[s + len - 2] = k2 * (x[s + len - 1] - x[s + len - 3]);
  for (let i = s + 2; i <= s + len - 3; i++) v[i] = k6 * (x[i + 2] + x[i + 1] - x[i - 1] - x[i - 2]);
}

/** msdx: sqrt(median((v − median(v))²)), or the mean-based σ below 1e-10, over the samples with a velocity. */
function msd(v: Float64Array, axis: 'x' | 'y'): number {
  const vals: number[] = [];
  for (let i = 0; i < v.length; i++) if (!Number.isNaN(v[i])) vals.push(v[i]);
  const m = median(Float64Array.from(vals));
  const dev = Float64Array.from(vals, (u) => (u - m) * (u - m));
  let s = Math.sqrt(median(dev));
  if (!(s >= MSD_MIN)) {
    let sum = 0;
    let sum2 = 0;
    for (const u of vals) {
      sum += u;
      sum2 += u * u;
    }
    const mean = sum / vals.length;
    s = Math.sqrt(sum2 / vals.length - mean * mean);
    if (!(s >= MSD_MIN)) throw new Ek2003FlatError(axis);
  }
  return s;
}

function describe(x: Float64Array, y: Float64Array, vx: Float64Array, vy: Float64Array, a: number, b: number): Ek2003Saccade {
  let peak = 0;
  for (let i = a; i <= b; i++) peak = Math.max(peak, Math.sqrt(vx[i] * vx[i] + vy[i] * vy[i]));
  return { onset: a, offset: b, peakVelocityDegPerS: peak, dxDeg: x[b] - x[a], dyDeg: y[b] - y[a], dXDeg: signedRange(x, a, b), dYDeg: signedRange(y, a, b) };
}

/** sign(which.max − which.min) · (max − min); R's which.min/which.max take the first extreme. */
function signedRange(v: Float64Array, a: number, b: number): number {
  let iMin = a;
  let iMax = a;
  for (let i = a + 1; i <= b; i++) {
    if (v[i] < v[iMin]) iMin = i;
    if (v[i] > v[iMax]) iMax = i;
  }
  return Math.sign(iMax - iMin) * (v[iMax] - v[iMin]);
}
