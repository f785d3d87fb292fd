import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { changedRuns } from '../../../report/proof/changed-runs.ts';
import type { LedgerRun } from '../../../report/proof/report-data.ts';
import { readLedger } from '../../ledger/node/ledger.ts';

/** A folder of the proof that is a rendered scene: whole (published), with the files the report reads. */
export function sceneFolders(proofDir: string): string[] {
  return readdirSync(proofDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && existsSync(join(proofDir, e.name, 'summary.json')) && existsSync(join(proofDir, e.name, 'trace.json')))
    .map((e) => e.name)
    .sort();
}

/** The ledger's runs as the report shows them (changedRuns), and how many lines were unreadable. */
export function reportedRuns(ledgerFile: string): { runs: LedgerRun[]; skipped: number } {
  const { entries, skipped } = existsSync(ledgerFile) ? readLedger(ledgerFile) : { entries: [], skipped: [] };
  const runs = entries.map((e, i) => ({ run: i + 1, revision: e.revision, command: e.command, scenes: e.scenes.map((s) => ({ scene: s.scene, metrics: s.metrics })) }));
  return { runs: changedRuns(runs), skipped: skipped.length };
}
