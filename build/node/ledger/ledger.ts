import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appendLine } from '../io/append-line.ts';
import { join } from 'node:path';
import { projectRoot } from '../io/project-root.ts';
import type { LedgerEntry } from '../../core/ledger/ledger-entry.ts';

/**
 * The ledger: `ledger.jsonl` at the repo root, one JSON line per `check` or `render` run, so the
 * history of what was measured travels with the code that measured it.
 *
 * All or nothing: a line is appended by io/append-line.ts (one write; a failed or short write cuts the
 * file back to what it was), and a reader skips a torn last line (a run killed mid-write).
 */
export const LEDGER_FILE = join(projectRoot(), 'ledger.jsonl');

export type { LedgerCommand, LedgerEntry, LedgerSceneResult, LedgerSettings } from '../../core/ledger/ledger-entry.ts';

/** What a caller gives: time, revision, dirty and pass are filled in unless given. */
export type LedgerInput = Pick<LedgerEntry, 'command' | 'argv' | 'scenes' | 'wallMs'> &
  Partial<Pick<LedgerEntry, 'time' | 'revision' | 'dirty' | 'pass' | 'shards'>>;

/** The line a run would append (a sharded render keeps it in its shard manifest for `eye merge`). */
export function ledgerEntry(input: LedgerInput): LedgerEntry {
  return {
    time: input.time ?? new Date().toISOString(),
    revision: input.revision ?? gitRevision(),
    dirty: input.dirty ?? gitDirty(),
    command: input.command,
    argv: input.argv,
    scenes: input.scenes,
    pass: input.pass ?? input.scenes.every((s) => s.pass),
    wallMs: input.wallMs,
    ...(input.shards ? { shards: input.shards } : {}),
  };
}

/** Append one run to the ledger (all or nothing: io/append-line.ts); returns the line's entry as written. */
export function appendLedger(input: LedgerInput, file = LEDGER_FILE): LedgerEntry {
  const entry = ledgerEntry(input);
  appendLine(file, JSON.stringify(entry));
  return entry;
}

/** A line the reader skipped, with why (1-based line number). */
export interface LedgerSkip {
  line: number;
  reason: string;
}

/** Every whole entry, oldest first. Torn or foreign lines are skipped and listed, never fatal. */
export function readLedger(file = LEDGER_FILE): { entries: LedgerEntry[]; skipped: LedgerSkip[] } {
  const entries: LedgerEntry[] = [];
  const skipped: LedgerSkip[] = [];
  if (!existsSync(file)) return { entries, skipped };
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    const torn = i === lines.length - 1; // no newline after it: the writer did not finish
    try {
      const v = JSON.parse(text) as unknown;
      if (!isEntry(v)) skipped.push({ line: i + 1, reason: 'not a ledger entry' });
      else if (torn) skipped.push({ line: i + 1, reason: 'torn last line (no newline)' });
      else entries.push(v);
    } catch {
      skipped.push({ line: i + 1, reason: torn ? 'torn last line' : 'not JSON (a torn line from a killed run)' });
    }
  });
  return { entries, skipped };
}

function isEntry(v: unknown): v is LedgerEntry {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.time === 'string' && typeof o.command === 'string' && Array.isArray(o.scenes) && typeof o.wallMs === 'number';
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: projectRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function gitRevision(): string {
  return git(['rev-parse', 'HEAD']) ?? 'unknown';
}

export function gitDirty(): boolean {
  // The ledger itself changes with every run; it does not make the code that ran dirty.
  const status = git(['status', '--porcelain', '--untracked-files=no', '--', '.', ':!ledger.jsonl']);
  return status !== null && status !== '';
}
