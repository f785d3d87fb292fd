/** What the order of a render's jobs depends on: whether it restores a film, and how many frames it renders. */
export interface JobSize {
  restore: boolean;
  frames: number;
}

/**
 * The order workers take a render's jobs in (indices into `jobs`, pure): restores first (each a
 * moment), then renders longest first, ties in the order asked. Longest first keeps the last job
 * short whichever worker takes it, so a long film's chunks fill in beside the shorter scenes instead
 * of one worker finishing the tour alone.
 */
export function jobOrder(jobs: readonly JobSize[]): number[] {
  return jobs
    .map((j, i) => ({ j, i }))
    .sort((a, b) => Number(a.j.restore === false) - Number(b.j.restore === false) || b.j.frames - a.j.frames || a.i - b.i)
    .map(({ i }) => i);
}
