import type { LedgerRun } from './report-data.ts';

/**
 * The runs that changed something: a run is left out when the last run before it of the same command
 * at the same revision measured the same scenes with the same numbers, in any order (a warm ./make.sh appends such
 * repeats every time). Run numbers stay as `eye ledger` lists them. So the history shows each metric
 * over revisions and changes, and repeating a run leaves the report as it was.
 */
export function changedRuns(runs: readonly LedgerRun[]): LedgerRun[] {
  const last = new Map<string, string>();
  const kept: LedgerRun[] = [];
  for (const r of runs) {
    // Scenes in name order: a render's two workers finish them in either order.
    const what = JSON.stringify(r.scenes.map((s) => [s.scene, s.metrics]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const key = `${r.command}\0${r.revision}`;
    if (last.get(key) === what) continue;
    last.set(key, what);
    kept.push(r);
  }
  return kept;
}
