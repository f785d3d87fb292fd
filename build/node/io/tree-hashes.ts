import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

/** Every regular file under a folder, by its path relative to it (`/`-separated), with its sha256 (hex). */
export type TreeHashes = Record<string, string>;

const HEX64 = /^[0-9a-f]{64}$/;

/** Is `v` a TreeHashes as a file can hold it (read from a manifest or an entry: hostile until checked)? */
export function isTreeHashes(v: unknown): v is TreeHashes {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  return Object.entries(v).every(([k, h]) => typeof h === 'string' && HEX64.test(h) && k.split('/').every((part) => part !== '' && part !== '.' && part !== '..'));
}

/** The folder's entries, depth first in name order: files and folders; anything else (a symlink, a device, a fifo) as `other`. */
function* walk(dir: string, rel = ''): Generator<{ rel: string; path: string; kind: 'file' | 'dir' | 'other' }> {
  const names = readdirSync(join(dir, rel)).sort();
  for (const name of names) {
    const r = rel ? `${rel}/${name}` : name;
    const path = join(dir, r);
    const st = lstatSync(path);
    const kind = st.isSymbolicLink() ? 'other' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
    yield { rel: r, path, kind };
    if (kind === 'dir') yield* walk(dir, r);
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The sha256 of every file under `dir` (what a cache entry or a shard records when it is made); a symlink or a device in it is an error. */
export function hashTree(dir: string): TreeHashes {
  const out: TreeHashes = {};
  for (const e of walk(dir)) {
    if (e.kind === 'other') throw new Error(`${e.path} is not a regular file or folder`);
    if (e.kind === 'file') out[e.rel] = sha256(readFileSync(e.path));
  }
  return out;
}

/**
 * Check a folder against what it recorded when it was made, reading each file once: every file is
 * listed, has its recorded sha256 and, when it is JSON that `parse` names (default: every *.json),
 * parses; no symlink, device or foreign file; nothing listed missing. Yields after each file (an async
 * caller lets a Ctrl-C in between); returns the first problem, or null when the folder is whole.
 */
export function* treeProblem(dir: string, want: TreeHashes, parse: (rel: string) => boolean = (rel) => rel.endsWith('.json')): Generator<void, string | null> {
  const seen = new Set<string>();
  try {
    for (const e of walk(dir)) {
      if (e.kind === 'other') return `${e.rel} is a symlink or a device, not a regular file`;
      if (e.kind === 'dir') continue;
      const expected = Object.hasOwn(want, e.rel) ? want[e.rel] : undefined;
      if (expected === undefined) return `${e.rel} is not one of its files`;
      const bytes = readFileSync(e.path);
      if (sha256(bytes) !== expected) return `${e.rel} is not the file it recorded (its sha256 differs)`;
      if (parse(e.rel)) {
        try {
          JSON.parse(bytes.toString('utf8'));
        } catch {
          return `${e.rel} is not valid JSON`;
        }
      }
      seen.add(e.rel);
      yield;
    }
  } catch (err) {
    return `unreadable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  const missing = Object.keys(want).filter((k) => !seen.has(k));
  return missing.length ? `${missing[0]} is missing${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}` : null;
}

/** treeProblem, run to its end at once. */
export function treeProblemSync(dir: string, want: TreeHashes, parse?: (rel: string) => boolean): string | null {
  const it = treeProblem(dir, want, parse);
  for (let r = it.next(); ; r = it.next()) if (r.done) return r.value;
}
