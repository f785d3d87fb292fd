/**
 * How saccades are found. `refined`: the project's detector (engbert-kliegl.ts: E&K's ellipse with its
 * onset at λ/2 on the unsmoothed movement, the minimum duration first to last, a σ floor), tuned on the
 * model's own traces. `ek2003`: the published algorithm as the reference R code runs it (ek2003.ts),
 * for recordings that must be compared with other labs' numbers.
 */
export const SACCADE_METHODS = ['refined', 'ek2003'] as const;
export type SaccadeMethod = (typeof SACCADE_METHODS)[number];

export const DEFAULT_SACCADE_METHOD: SaccadeMethod = 'refined';

export const isSaccadeMethod = (s: string): s is SaccadeMethod => (SACCADE_METHODS as readonly string[]).includes(s);
