import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { environmentError } from '../../../errors/environment-error.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { appendLine } from '../../../node/io/append-line.ts';
import { join } from 'node:path';
import { projectRoot } from '../../../node/io/project-root.ts';
import type { LedgerEntry } from '../core/ledger-entry.ts';

/**
 * The ledger: `ledger.jsonl` at the repo root, one JSON line per `check` or `render` run, so the
 * history of what was measured travels with the code that measured it.
 *
 * All or nothing: a line is appended by io/append-line.ts (under a lock, one write; a failed or short
 * write cuts its own bytes off again, never another writer's line), and a reader skips a torn last line
 * (a run killed mid-write).
 */
export const LEDGER_FILE = join(projectRoot(), 'ledger.jsonl');

export type { LedgerCommand, LedgerEntry, LedgerSceneResult, LedgerSettings } from '../core/ledger-entry.ts';

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
  if (statSync(file).isDirectory()) throw new CliError(EXIT.badInput, `${safeText(file)} is a folder, not a ledger file`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw environmentError(err, 'read', file) ?? err;
  }
  const lines = text.split('\n');
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    const torn = i === lines.length - 1; // no newline after it: the writer did not finish
    try {
      const v = parseLine(text);
      if (!isEntry(v)) skipped.push({ line: i + 1, reason: 'not a ledger entry' });
      else if (torn) skipped.push({ line: i + 1, reason: 'torn last line (no newline)' });
      else entries.push({ ...v, scenes: v.scenes.map((s) => ({ ...s, failed: s.failed ?? [] })) });
    } catch {
      skipped.push({ line: i + 1, reason: torn ? 'torn last line' : 'not JSON (a torn line from a killed run)' });
    }
  });
  return { entries, skipped };
}

/**
 * A line's JSON. A line that is a torn fragment with a whole entry glued after it (a writer that did
 * not take the lock appended after another's failed write) gives that entry.
 */
function parseLine(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const at = text.lastIndexOf('{"time":');
    if (at > 0) return JSON.parse(text.slice(at)) as unknown;
    throw err;
  }
}

/** The fields every reader prints or compares, of the types it expects (a committed line is someone else's input). */
function isEntry(v: unknown): v is LedgerEntry {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.time === 'string' &&
    typeof o.revision === 'string' &&
    typeof o.command === 'string' &&
    Array.isArray(o.scenes) &&
    o.scenes.every(isSceneResult) &&
    typeof o.wallMs === 'number' &&
    (o.shards === undefined || (Array.isArray(o.shards) && o.shards.every((x) => typeof x === 'object' && x !== null && typeof (x as { wallMs?: unknown }).wallMs === 'number')))
  );
}

function isSceneResult(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  const metrics = s.metrics;
  return (
    typeof s.scene === 'string' &&
    typeof s.pass === 'boolean' &&
    (s.failed === undefined || (Array.isArray(s.failed) && s.failed.every((f) => typeof f === 'string'))) &&
    typeof metrics === 'object' &&
    metrics !== null &&
    Object.values(metrics).every((m) => m === null || typeof m === 'number')
  );
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: projectRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

// Asked of git once a process: eye clips asked for every clip (two git processes each, ~0.1 s a clip),
// and the code that ran is what the process loaded when it started, not a later edit.
let revision: string | null = null;
let dirty: boolean | null = null;

export function gitRevision(): string {
  revision ??= git(['rev-parse', 'HEAD']) ?? 'unknown';
  return revision;
}

export function gitDirty(): boolean {
  // The ledger itself changes with every run; it does not make the code that ran dirty.
  if (dirty === null) {
    const status = git(['status', '--porcelain', '--untracked-files=no', '--', '.', ':!ledger.jsonl']);
    dirty = status !== null && status !== '';
  }
  return dirty;
}
