import type { Trace } from '../model/trace.ts';
import { SAMPLE_FIELDS } from '../model/types.ts';

/** eye.md §6: the iris wobble's offset is clamped at 0.15 mm. */
export const WOBBLE_CLAMP_MM = 0.15;
/** A sample this close to the clamp counts as sitting on it. */
const AT_CLAMP_TOLERANCE_MM = 1e-4;

/** What the trace's own continuous channels show, read every 240 Hz step (every frame at any fps sees a subset). */
export interface TraceStats {
  /** Largest |wobble offset|, mm. */
  wobbleMaxMm: number;
  /** Longest stretch spent at the clamp, ms ("never parked at a clamp": a spring that went unstable sits there). */
  wobbleLongestAtClampMs: number;
  /** Largest |frame scale − 1|: nothing scales the frame. */
  frameScaleMaxDeviation: number;
  /** Every sample (time aside) equals the first: a reduced-motion scene's frames are identical. */
  identicalSamples: boolean;
  pupilMeanMm: number;
  pupilMinMm: number;
  pupilMaxMm: number;
}

export function traceStats(trace: Trace): TraceStats {
  const c = trace.columns;
  const n = c.tMs.length;
  const stepMs = 1000 / trace.sampleRateHz;
  let wobbleMaxMm = 0;
  let run = 0;
  let longest = 0;
  let frameDev = 0;
  let pupilSum = 0;
  let pupilMin = Infinity;
  let pupilMax = -Infinity;
  for (let i = 0; i < n; i++) {
    const wx = c.wobbleXMm[i];
    const wy = c.wobbleYMm[i];
    const w = Math.sqrt(wx * wx + wy * wy); // Math.hypot is several times slower in this loop
    wobbleMaxMm = Math.max(wobbleMaxMm, w);
    run = w >= WOBBLE_CLAMP_MM - AT_CLAMP_TOLERANCE_MM ? run + 1 : 0;
    longest = Math.max(longest, run);
    frameDev = Math.max(frameDev, Math.abs(c.frameScale[i] - 1));
    pupilSum += c.pupilMm[i];
    pupilMin = Math.min(pupilMin, c.pupilMm[i]);
    pupilMax = Math.max(pupilMax, c.pupilMm[i]);
  }
  let identical = true;
  for (const f of SAMPLE_FIELDS) {
    if (f === 'tMs') continue;
    const col = c[f];
    for (let i = 1; i < n && identical; i++) if (!Object.is(col[i], col[0])) identical = false;
  }
  return {
    wobbleMaxMm,
    wobbleLongestAtClampMs: longest * stepMs,
    frameScaleMaxDeviation: frameDev,
    identicalSamples: identical,
    pupilMeanMm: n ? pupilSum / n : NaN,
    pupilMinMm: pupilMin,
    pupilMaxMm: pupilMax,
  };
}
