import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeJson, safeText as t } from '../../../errors/safe-text.ts';
import { formatTable, formatValue } from '../../../report/table.ts';
import { diffLedger, type LedgerDiff } from './ledger-diff.ts';
import { LEDGER_FILE, readLedger, type LedgerEntry } from './ledger.ts';

/**
 * The command's text (or JSON) for the given run numbers. Every field read from the ledger is escaped
 * as it is printed: ledger.jsonl is committed, so a commit could otherwise carry terminal escapes (or a
 * newline that forges a line) into whoever runs `eye ledger`.
 */
export function runLedger(runs: string[], opts: { json?: boolean; file?: string } = {}): string {
  const { entries, skipped } = readLedger(opts.file ?? LEDGER_FILE);
  if (runs.length > 2) throw new CliError(EXIT.badInput, `ledger: expected at most two run numbers, got ${runs.length}`);
  const pick = (raw: string): LedgerEntry => entries[runIndex(raw, entries.length)];
  if (runs.length === 2) {
    const d = diffLedger(pick(runs[0]), pick(runs[1]));
    return opts.json ? safeJson(d, 2) : formatDiff(d, runIndex(runs[0], entries.length) + 1, runIndex(runs[1], entries.length) + 1);
  }
  if (runs.length === 1) {
    const e = pick(runs[0]);
    return opts.json ? safeJson(e, 2) : formatRun(e, runIndex(runs[0], entries.length) + 1);
  }
  if (opts.json) return safeJson({ entries, skipped }, 2);
  if (entries.length === 0) return 'no runs in the ledger yet';
  const rows = [['#', 'time', 'revision', 'command', 'scenes', 'pass', 'wall s', 'failed']];
  entries.forEach((e, i) => {
    const failed = e.scenes.flatMap((s) => s.failed.map((f) => `${s.scene}: ${f}`));
    rows.push([
      String(i + 1),
      e.time.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
      `${e.revision.slice(0, 10)}${e.dirty ? '+' : ''}`,
      e.command,
      String(e.scenes.length),
      e.pass ? 'ok' : 'FAIL',
      (e.wallMs / 1000).toFixed(1),
      failed.length > 2 ? `${failed.slice(0, 2).join('; ')}; … ${failed.length - 2} more` : failed.join('; '),
    ]);
  });
  const note = skipped.length ? `\n(${skipped.length} line(s) skipped: ${skipped.map((s) => `line ${s.line}: ${s.reason}`).join('; ')})` : '';
  return `${formatTable(rows)}\n(revision + : uncommitted changes in the tree)${note}`;
}

/** A run number as listed (1-based), or negative from the end; exit 2 when there is no such run. */
function runIndex(raw: string, count: number): number {
  const n = Number(raw);
  const i = n < 0 ? count + n : n - 1;
  if (!Number.isInteger(n) || n === 0 || i < 0 || i >= count) {
    throw new CliError(EXIT.badInput, `ledger: no run "${t(raw)}" (the ledger has ${count} run(s): 1 to ${count}, or -1 for the last)`);
  }
  return i;
}

function formatRun(e: LedgerEntry, n: number): string {
  const lines = [`run ${n}: ${t(e.command)} at ${t(e.time)}, ${t(e.revision)}${e.dirty ? ' (uncommitted changes)' : ''}, ${(e.wallMs / 1000).toFixed(1)} s, ${e.pass ? 'pass' : 'FAIL'}`];
  if (e.shards) lines.push(`  merged from shards ${e.shards.map((x) => `${t(String(x.shard))} (${(x.wallMs / 1000).toFixed(1)} s)`).join(', ')}`);
  for (const s of e.scenes) {
    lines.push(`  ${t(s.scene)}: ${s.pass ? 'pass' : `FAIL (${t(s.failed.join(', '))})`}${s.cached ? ' (restored from the cache: the original render\'s numbers)' : ''}${s.chunks && s.chunks.restored > 0 ? ` (chunks: ${s.chunks.restored} restored from the cache, ${s.chunks.rendered} rendered)` : ''}`);
    for (const [k, v] of Object.entries(s.metrics)) lines.push(`    ${t(k)} ${formatValue(v)}`);
  }
  return lines.join('\n');
}

function formatDiff(d: LedgerDiff, a: number, b: number): string {
  const head = (label: number, h: LedgerDiff['before']) => `run ${label}: ${t(h.command)} ${t(h.time)} ${t(h.revision.slice(0, 10))} ${h.pass ? 'pass' : 'FAIL'} ${(h.wallMs / 1000).toFixed(1)} s`;
  const lines = [head(a, d.before), head(b, d.after)];
  if (d.scenes.length === 0) return [...lines, 'no scene changed'].join('\n');
  for (const s of d.scenes) {
    const pass = (p: boolean | null) => (p === null ? '—' : p ? 'pass' : 'FAIL');
    lines.push(`${t(s.scene)}${s.status === 'both' ? '' : ` (${s.status})`}: ${pass(s.passBefore)} → ${pass(s.passAfter)}`);
    for (const m of s.metrics) {
      const delta = m.before !== null && m.after !== null ? ` (${m.after - m.before >= 0 ? '+' : ''}${formatValue(m.after - m.before)})` : '';
      lines.push(`  ${t(m.metric)}: ${formatValue(m.before)} → ${formatValue(m.after)}${delta}`);
    }
  }
  return lines.join('\n');
}
