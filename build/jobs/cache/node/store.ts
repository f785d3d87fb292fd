import { ownedPrefix, pidAlive } from '../../../node/io/owned-temp.ts';
import { randomBytes } from 'node:crypto';
import { constants, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { publishDir } from '../../../node/io/publish-dir.ts';
import { KEY_HEX_DIGITS } from '../../../node/io/content-key.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { hashTree, isTreeHashes, treeProblemSync, type TreeHashes } from '../../../node/io/tree-hashes.ts';
import { safeText } from '../../../errors/safe-text.ts';

/**
 * What an entry holds: a whole proof/<scene>/ folder, one chunk of a film rendered in chunks (its
 * encoded frames and what its render found), `eye check`'s result, an era spread a film is held to,
 * a part of the report page (an inlined still, a film's section), or a scene's simulated feed.
 */
export type CacheKind = 'films' | 'chunks' | 'checks' | 'spreads' | 'report' | 'feeds';
export const CACHE_KINDS: readonly CacheKind[] = ['films', 'chunks', 'checks', 'spreads', 'report', 'feeds'];

/** entry.json: written last inside the staging folder, so an entry with its final name has one. */
export interface CacheEntryMeta {
  kind: CacheKind;
  key: string;
  /** What it is for people: the scene's name, or `check`. */
  name: string;
  /** ISO time the entry was made (by the run that rendered it). */
  createdAt: string;
  /** Bytes under data/. */
  bytes: number;
  /**
   * The sha256 of every file under data/, recorded when stored: a lookup checks them all (and that each
   * JSON file parses) before anything is served, so a cut film or a broken summary is a miss, not a result.
   */
  files: TreeHashes;
}

export interface CacheEntry extends CacheEntryMeta {
  /** Last time a run stored or restored it (entry.json's mtime), ms since the epoch: prune evicts the oldest first. */
  lastUsedMs: number;
  path: string;
}

export interface CacheStore {
  readonly dir: string;
  /**
   * The entry's data folder, if an entry with this key is whole: its entry.json reads, and every file
   * under data/ is there with its recorded sha256 (JSON files parse), nothing else is; marks it used.
   * A damaged entry is removed, said in one line (openCache's `report`), and is a miss.
   */
  lookup(kind: CacheKind, key: string): string | null;
  /**
   * Copy an entry's data folder to `target` whole (staged beside it, then renamed), unless the target
   * already is that entry's copy, untouched (sameTree); false when there is no such entry.
   */
  restoreDir(kind: CacheKind, key: string, target: string): boolean;
  /** Store a new entry: `fill` writes its files into a staging folder, which is renamed into place last. */
  put(kind: CacheKind, key: string, name: string, fill: (dataDir: string) => void): void;
  list(): CacheEntry[];
  /** Remove an entry (renamed away first, so it never looks whole while half deleted). */
  remove(entry: CacheEntry): void;
  /** Delete staging folders whose owner process is gone; returns how many. */
  sweep(): number;
}

const KEY_RE = new RegExp(`^[0-9a-f]{${KEY_HEX_DIGITS}}$`);
const STAGE_RE = /^\.stage-(\d+)-[0-9a-f]+$/;

const alive = pidAlive;

function bytesUnder(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? bytesUnder(p) : statSync(p).size;
  }
  return n;
}

/** entry.json, if it reads and names this entry (its `files` are checked by the lookup, not here: list and prune see old entries too). */
function readMeta(path: string, kind: CacheKind, key: string): CacheEntryMeta | null {
  try {
    const m = JSON.parse(readFileSync(join(path, 'entry.json'), 'utf8')) as CacheEntryMeta;
    return m && typeof m === 'object' && m.key === key && m.kind === kind && typeof m.name === 'string' && typeof m.createdAt === 'string' && Number.isFinite(m.bytes) ? m : null;
  } catch {
    return null;
  }
}

/**
 * The JSON files a restore's caller parses at once (render-cached's summary, cachedJson's value): they
 * must parse, even under hashes recorded for them. The rest (trace, pixels) are held by their hashes
 * alone: parsing a 20-s film's 1.6 MB trace on every warm run was two thirds of an entry's check.
 */
const READ_BACK_JSON: ReadonlySet<string> = new Set(['summary.json', 'value.json']);

/** Why an entry folder cannot be served, or null when it is whole. */
function entryProblem(path: string, kind: CacheKind, key: string): string | null {
  if (!existsSync(join(path, 'entry.json'))) return 'no entry.json';
  const meta = readMeta(path, kind, key);
  if (!meta) return 'its entry.json is not valid JSON naming this entry';
  if (!isTreeHashes(meta.files)) return 'its entry.json records no file hashes (made by an older eye)';
  return treeProblemSync(join(path, 'data'), meta.files, (rel) => READ_BACK_JSON.has(rel));
}

/**
 * Copy a folder, sharing blocks where the file system can (reflink), else byte for byte. Timestamps
 * are kept so sameTree can tell later that a folder is still this copy.
 */
export function copyDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true, mode: constants.COPYFILE_FICLONE, preserveTimestamps: true });
}

/**
 * The same names, and each file of the same size and modification time (rsync's quick check): a
 * target restored from (or stored into) the entry and not touched since. Lets a warm run leave a
 * proof folder that already is the entry in place instead of copying hundreds of MB again.
 */
function sameTree(a: string, b: string): boolean {
  try {
    const an = readdirSync(a, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1));
    const bn = readdirSync(b, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : 1));
    if (an.length !== bn.length) return false;
    return an.every((e, i) => {
      const f = bn[i];
      if (e.name !== f.name || e.isDirectory() !== f.isDirectory()) return false;
      if (e.isDirectory()) return sameTree(join(a, e.name), join(b, f.name));
      const [sa, sb] = [statSync(join(a, e.name)), statSync(join(b, f.name))];
      // Within 2 ms: a copied timestamp comes back up to ~0.4 ms off (Node passes utimes seconds as a double).
      return sa.size === sb.size && Math.abs(sa.mtimeMs - sb.mtimeMs) < 2;
    });
  } catch {
    return false;
  }
}

/**
 * The content-addressed store under `dir` (cache/ by default): `<dir>/<kind>/<key>/{entry.json,data/}`.
 * An entry is made in `<dir>/<kind>/.stage-<pid>-<random>/` and renamed to its key last, so a reader
 * that only trusts folders named by a key (with an entry.json naming that key) never sees half an
 * entry; a staging folder left by a killed run is swept by the next run once its pid is gone.
 */
export function openCache(dir: string, report: (line: string) => void = (line) => process.stderr.write(`cache: ${line}\n`)): CacheStore {
  // Before any work: a cache folder that cannot be made or written is the exit-3 line naming it.
  ensureOutDir(dir, '--cache-dir');
  const kindDir = (kind: CacheKind) => join(dir, kind);
  const entryPath = (kind: CacheKind, key: string) => {
    if (!KEY_RE.test(key)) throw new RangeError(`cache key "${key}": expected ${KEY_HEX_DIGITS} hex digits`);
    return join(kindDir(kind), key);
  };
  const stageIn = (kind: CacheKind) => {
    mkdirSync(kindDir(kind), { recursive: true });
    return join(kindDir(kind), `.stage-${process.pid}-${randomBytes(6).toString('hex')}`);
  };
  const store: CacheStore = {
    dir,
    lookup(kind, key) {
      const path = entryPath(kind, key);
      if (!existsSync(path)) return null;
      const problem = entryProblem(path, kind, key);
      if (problem) {
        const meta = readMeta(path, kind, key);
        store.remove({ kind, key, name: meta?.name ?? '?', createdAt: '', bytes: 0, files: {}, lastUsedMs: 0, path });
        report(`${meta ? `${safeText(meta.name)}: ` : ''}the ${kind} entry ${key.slice(0, 12)} is damaged (${safeText(problem)}): removed it; made again`);
        return null;
      }
      const now = new Date();
      utimesSync(join(path, 'entry.json'), now, now);
      return join(path, 'data');
    },
    restoreDir(kind, key, target) {
      const data = store.lookup(kind, key);
      if (!data) return false;
      if (sameTree(data, target)) return true;
      mkdirSync(dirname(target), { recursive: true });
      const stage = mkdtempSync(join(dirname(target), ownedPrefix(`.${basename(target)}.restore-`)));
      const unregister = onInterrupt(() => rmSync(stage, { recursive: true, force: true }));
      try {
        rmSync(stage, { recursive: true });
        copyDir(data, stage);
        publishDir(stage, target);
      } catch (err) {
        rmSync(stage, { recursive: true, force: true });
        throw err;
      } finally {
        unregister();
      }
      return true;
    },
    put(kind, key, name, fill) {
      const final = entryPath(kind, key);
      const stage = stageIn(kind);
      const unregister = onInterrupt(() => rmSync(stage, { recursive: true, force: true }));
      try {
        mkdirSync(join(stage, 'data'), { recursive: true });
        fill(join(stage, 'data'));
        const files = hashTree(join(stage, 'data'));
        const meta: CacheEntryMeta = { kind, key, name, createdAt: new Date().toISOString(), bytes: bytesUnder(join(stage, 'data')), files };
        writeFileSync(join(stage, 'entry.json'), `${JSON.stringify(meta, null, 2)}\n`);
        if (existsSync(final)) store.remove({ ...meta, lastUsedMs: 0, path: final });
        renameSync(stage, final);
      } catch (err) {
        rmSync(stage, { recursive: true, force: true });
        // Another run stored the same key first: its entry is as good as ours.
        if ((err as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (err as NodeJS.ErrnoException).code === 'EEXIST') return;
        throw err;
      } finally {
        unregister();
      }
    },
    list() {
      const out: CacheEntry[] = [];
      for (const kind of CACHE_KINDS) {
        if (!existsSync(kindDir(kind))) continue;
        for (const name of readdirSync(kindDir(kind)).sort()) {
          if (!KEY_RE.test(name)) continue;
          const path = join(kindDir(kind), name);
          const meta = readMeta(path, kind, name);
          if (meta) out.push({ ...meta, lastUsedMs: statSync(join(path, 'entry.json')).mtimeMs, path });
        }
      }
      return out;
    },
    remove(entry) {
      const gone = stageIn(entry.kind);
      try {
        renameSync(entry.path, gone);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // already removed by another run
        throw err;
      }
      rmSync(gone, { recursive: true, force: true });
    },
    sweep() {
      let n = 0;
      for (const kind of CACHE_KINDS) {
        if (!existsSync(kindDir(kind))) continue;
        for (const name of readdirSync(kindDir(kind))) {
          const m = STAGE_RE.exec(name);
          if (m && !alive(Number(m[1]))) {
            rmSync(join(kindDir(kind), name), { recursive: true, force: true });
            n++;
          }
        }
      }
      return n;
    },
  };
  return store;
}
