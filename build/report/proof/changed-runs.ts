import type { LedgerRun } from './report-data.ts';

/**
 * The runs that changed something: a run is left out when the last run before it of the same command
 * measured the same scenes with the same numbers, in any order, at whatever revision (a warm ./make.sh
 * appends such repeats every time, and so does a commit that changes no number: a comment, a
 * refactor). Run numbers stay as `eye ledger` lists them. So the history shows each metric where it
 * changed, and a run or a commit that changes no number leaves the report, and its cache key, as it was.
 */
export function changedRuns(runs: readonly LedgerRun[]): LedgerRun[] {
  const last = new Map<string, string>();
  const kept: LedgerRun[] = [];
  for (const r of runs) {
    // Scenes in name order: a render's two workers finish them in either order.
    const what = JSON.stringify(r.scenes.map((s) => [s.scene, s.metrics]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const key = r.command;
    if (last.get(key) === what) continue;
    last.set(key, what);
    kept.push(r);
  }
  return kept;
}
