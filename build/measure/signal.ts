import type { Trace } from '../model/trace.ts';

/**
 * What the detectors read: a sampled gaze recording. Nothing else — never the generator's labels.
 * NaN in any column marks a missing sample (a tracker's data loss).
 */
export interface GazeSignal {
  tMs: Float64Array;
  /** Horizontal gaze, degrees, + right. */
  xDeg: Float64Array;
  /** Vertical gaze, degrees, + up. */
  yDeg: Float64Array;
  /** Palpebral opening in mm, or null when the recording has none (no blink detection then). */
  apertureMm: Float64Array | null;
}

/** The gaze columns of a model trace, every `everyNth` sample (4 → 60 Hz from the 240 Hz trace). */
export function signalFromTrace(trace: Trace, everyNth = 1): GazeSignal {
  const c = trace.columns;
  const pick = (a: Float64Array) => {
    if (everyNth === 1) return a;
    const out = new Float64Array(Math.ceil(a.length / everyNth));
    for (let i = 0, j = 0; i < a.length; i += everyNth, j++) out[j] = a[i];
    return out;
  };
  return { tMs: pick(c.tMs), xDeg: pick(c.yawDeg), yDeg: pick(c.pitchDeg), apertureMm: pick(c.apertureMm) };
}

/** Median sample interval, ms (robust to the odd gap). NaN with fewer than 2 samples. */
export function medianIntervalMs(tMs: Float64Array): number {
  if (tMs.length < 2) return NaN;
  const d = new Float64Array(tMs.length - 1);
  for (let i = 1; i < tMs.length; i++) d[i - 1] = tMs[i] - tMs[i - 1];
  return median(d);
}

/**
 * Recording length in seconds, including one sample interval for the last sample. A step in time over
 * `maxGapMs` is a break in the recording (a tracker stopped between trials: an EyeLink file of several
 * trials) and counts as one interval, not its length, so rates are per second recorded; lost samples
 * that the tracker wrote as rows (NaN, ".") are recorded time and count in full.
 */
export function durationS(signal: GazeSignal, intervalMs = medianIntervalMs(signal.tMs), maxGapMs = Infinity): number {
  const { tMs } = signal;
  const n = tMs.length;
  if (n === 0) return 0;
  const dt = n > 1 ? intervalMs : 0;
  let ms = dt;
  for (let i = 1; i < n; i++) {
    const step = tMs[i] - tMs[i - 1];
    ms += step > maxGapMs ? dt : step;
  }
  return ms / 1000;
}

/** Median of the values (the array is reordered). NaN when empty. Quickselect, O(n). */
export function median(values: Float64Array): number {
  const n = values.length;
  if (n === 0) return NaN;
  const k = n >> 1;
  const hi = select(values, k);
  if (n % 2 === 1) return hi;
  let lo = -Infinity;
  for (let i = 0; i < k; i++) if (values[i] > lo) lo = values[i];
  return (lo + hi) / 2;
}

/** Reorder `a` so that a[k] is the k-th smallest and everything before it is ≤ it. */
function select(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    const pivot = a[(left + right) >> 1];
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k];
}
