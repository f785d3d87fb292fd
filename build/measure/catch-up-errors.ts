import type { DetectedSaccade } from './engbert-kliegl.ts';
import type { Span } from './score.ts';

/**
 * How far under the era's catchUp a detected catch-up may start, deg: the detector sees the eye, drift
 * included, where the eye decides on the drift-free fixation point; drift stays within ~0.15° of it
 * (eye.md §1: a microsaccade pulls it back beyond 0.15°). The stimuli read at most 0.08° under.
 */
export const CATCH_UP_TOLERANCE_DEG = 0.15;

/** One detected saccade during pursuit: when it started and how far the eye was from the target then. */
export interface CatchUpReading {
  startMs: number;
  errorDeg: number;
}

/**
 * The position error at the start of every saccade the detector finds while a target glides (eye.md
 * §2: a catch-up saccade fires when the error exceeds the era's catchUp). Detected, not labelled: every
 * saccade (≥ the detector's microsaccade bound) whose onset lies in a glide window. The error is the
 * distance from the target at the onset to the eye one sample before the detected onset (where it still
 * was: by the detected onset it has already begun to move toward the target). `targetX/YDeg` are the
 * followed target at every sample (the trace's targetYawDeg/targetPitchDeg columns: where the eye is
 * sent; NaN while nothing is followed, and such saccades are left out).
 */
export function catchUpErrors(
  tMs: ArrayLike<number>,
  eyeXDeg: ArrayLike<number>,
  eyeYDeg: ArrayLike<number>,
  targetXDeg: ArrayLike<number>,
  targetYDeg: ArrayLike<number>,
  saccades: readonly DetectedSaccade[],
  windows: readonly Span[],
): CatchUpReading[] {
  const out: CatchUpReading[] = [];
  for (const s of saccades) {
    if (s.kind !== 'saccade' || !windows.some((w) => s.startMs >= w.startMs && s.startMs <= w.endMs)) continue;
    // The sample at or just before the detected onset, and the one before it.
    let i = s.startIndex;
    while (i > 0 && tMs[i] > s.startMs) i--;
    const before = Math.max(0, i - 1);
    const errorDeg = Math.hypot(targetXDeg[i] - eyeXDeg[before], targetYDeg[i] - eyeYDeg[before]);
    if (Number.isFinite(errorDeg)) out.push({ startMs: s.startMs, errorDeg });
  }
  return out;
}
