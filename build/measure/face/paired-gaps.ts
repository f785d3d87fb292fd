/**
 * For each onset of a leading muscle, the gap to the first onset of the following one within
 * `maxGapMs` after it (a motor program's order: a wince's lids then its brow). Leading onsets with no
 * follower are left out (an eyebrow flash has no smiling eyes). ms.
 */
export function pairedGapsMs(leadOnsetsMs: readonly number[], followOnsetsMs: readonly number[], maxGapMs: number): number[] {
  const gaps: number[] = [];
  for (const t of leadOnsetsMs) {
    const f = followOnsetsMs.find((x) => x >= t && x - t <= maxGapMs);
    if (f !== undefined) gaps.push(f - t);
  }
  return gaps;
}
