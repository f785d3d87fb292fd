/**
 * Where a muscle's activation column starts to rise (eye.md §7's motor programs, read from the trace):
 * a sample rising by more than `minRisePerS` after one that did not. A pulse at λ ~21/s rises by
 * several /s from its first step; the moods' and tonic feelings' eased levels rise under 1 /s, so they
 * are not taken for a program's onset. Times are the first rising sample's, ms.
 */
export const PROGRAM_RISE_PER_S = 1.2;

export function risingOnsetsMs(tMs: ArrayLike<number>, col: ArrayLike<number>, minRisePerS = PROGRAM_RISE_PER_S): number[] {
  const out: number[] = [];
  let rising = false;
  for (let i = 1; i < col.length; i++) {
    const rate = (col[i] - col[i - 1]) / ((tMs[i] - tMs[i - 1]) / 1000);
    const now = rate > minRisePerS;
    if (now && !rising) out.push(tMs[i]);
    rising = now;
  }
  return out;
}
