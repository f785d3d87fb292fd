import type { Detection } from './detect.ts';
import { closedFixationsMs } from './closed-fixations.ts';
import { mainSequence } from './main-sequence.ts';

/**
 * The numbers eye.md §10 asserts and reports, counted as it says, pooled over several recordings of
 * one scene (seeds): counts and durations add up; intervals are taken within each recording.
 * null: not measurable (nothing to count).
 */
export interface CalmMetrics {
  durationS: number;
  /** Saccades ≥ the split, correctives included. */
  saccadeCount: number;
  saccadesPerS: number;
  /** Saccades under the split. */
  microsaccadeCount: number;
  microsaccadesPerS: number;
  /** Correctives merged into their primaries when counting fixations. */
  correctiveCount: number;
  /** Uncensored I-VT fixations (both ends a saccade). */
  fixationCount: number;
  /**
   * Mean fixation, ms: time between saccades ≥ the split. With no uncensored fixation (a recording
   * with no saccade at all, like 2000's lock), the censored ones are all there is: their mean is a
   * lower bound, and `fixationCensoredOnly` says so.
   */
  meanFixationMs: number | null;
  fixationCensoredOnly: boolean;
  /** The I-DT cross-check's mean over its uncensored fixations. */
  idtMeanFixationMs: number | null;
  idtFixationCount: number;
  blinkCount: number;
  /** Blinks that are not a double's second: what the interval counts. */
  blinkEpisodeCount: number;
  /** Mean interval between episode onsets, s (a double counted once). */
  meanBlinkIntervalS: number | null;
  blinkIntervalCount: number;
  /** Seconds of doubles per episode. */
  doubleShare: number | null;
  /** Partial blinks per episode. */
  partialShare: number | null;
  blinkClosingMs: number | null;
  blinkHoldMs: number | null;
  blinkOpeningMs: number | null;
  blinkClosingOpeningRatio: number | null;
  mainSequenceSlopeMsPerDeg: number | null;
  mainSequenceInterceptMs: number | null;
  mainSequenceR2: number | null;
  mainSequenceCount: number;
}

const mean = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function calmMetrics(detections: readonly Detection[]): CalmMetrics {
  const durationS = detections.reduce((s, d) => s + d.durationS, 0);
  const all = detections.flatMap((d) => d.saccades);
  const saccadeCount = all.filter((s) => s.kind === 'saccade').length;
  const microsaccadeCount = all.length - saccadeCount;
  const fixations = detections.flatMap((d) => d.fixations);
  const whole = detections.flatMap(closedFixationsMs);
  const censoredOnly = whole.length === 0;
  const idt = detections.flatMap((d) => d.idtFixations).filter((f) => !f.censored).map((f) => f.durationMs);
  const blinks = detections.flatMap((d) => d.blinks);
  const episodes = blinks.filter((b) => !b.doubleSecond);
  const intervals: number[] = [];
  for (const d of detections) {
    const onsets = d.blinks.filter((b) => !b.doubleSecond).map((b) => b.startMs);
    for (let i = 1; i < onsets.length; i++) intervals.push((onsets[i] - onsets[i - 1]) / 1000);
  }
  const closing = mean(blinks.map((b) => b.closingMs));
  const opening = mean(blinks.map((b) => b.openingMs));
  const ms = mainSequence(all.filter((s) => s.kind === 'saccade'));
  return {
    durationS,
    saccadeCount,
    saccadesPerS: durationS > 0 ? saccadeCount / durationS : 0,
    microsaccadeCount,
    microsaccadesPerS: durationS > 0 ? microsaccadeCount / durationS : 0,
    correctiveCount: detections.reduce((n, d) => n + d.breaks.reduce((m, b) => m + b.correctives, 0), 0),
    fixationCount: whole.length,
    meanFixationMs: censoredOnly ? mean(fixations.map((f) => f.durationMs)) : mean(whole),
    fixationCensoredOnly: censoredOnly,
    idtMeanFixationMs: mean(idt),
    idtFixationCount: idt.length,
    blinkCount: blinks.length,
    blinkEpisodeCount: episodes.length,
    meanBlinkIntervalS: mean(intervals),
    blinkIntervalCount: intervals.length,
    doubleShare: episodes.length ? (blinks.length - episodes.length) / episodes.length : null,
    partialShare: episodes.length ? episodes.filter((b) => b.partial).length / episodes.length : null,
    blinkClosingMs: closing,
    blinkHoldMs: mean(blinks.map((b) => b.holdMs)),
    blinkOpeningMs: opening,
    blinkClosingOpeningRatio: closing !== null && opening ? closing / opening : null,
    mainSequenceSlopeMsPerDeg: finite(ms.slope),
    mainSequenceInterceptMs: finite(ms.intercept),
    mainSequenceR2: finite(ms.r2),
    mainSequenceCount: ms.n,
  };
}
