/**
 * Fixation durations kept as a fine histogram: `counts[i]` fixations lasted from i·binMs up to
 * (i + 1)·binMs. Fine enough to re-bin for any plot whose bin is a multiple of it, small enough to
 * keep for an hour of detected fixations (a few hundred numbers, not thousands).
 */
export interface FixationBins {
  binMs: number;
  /** Trailing empty bins left off. */
  counts: number[];
  /** Fixations counted (the sum of counts). */
  n: number;
}

/** eye check keeps its long runs' fixations in bins this wide. */
export const FIXATION_FINE_BIN_MS = 10;

export function fixationBins(durationsMs: readonly number[], binMs = FIXATION_FINE_BIN_MS): FixationBins {
  if (!(binMs > 0)) throw new RangeError(`binMs: expected a width above 0 ms, got ${binMs}`);
  const counts: number[] = [];
  for (const d of durationsMs) {
    if (!(d >= 0) || !Number.isFinite(d)) throw new RangeError(`fixation durations: expected finite values ≥ 0 ms, got ${d}`);
    const i = Math.floor(d / binMs);
    while (counts.length <= i) counts.push(0);
    counts[i]++;
  }
  return { binMs, counts, n: durationsMs.length };
}
