import type { Detection } from './detect.ts';

/** Durations of the fixations a detection closed on both sides (a saccade before and after), ms: the ones whose length is known. */
export function closedFixationsMs(d: Pick<Detection, 'fixations'>): number[] {
  return d.fixations.filter((f) => !f.censored).map((f) => f.durationMs);
}
