import { resolve } from 'node:path';
import type { Command } from 'commander';
import { declareOptions, parseOptions, type OptionSpec } from '../option-spec.ts';
import { formatTable } from '../../report/table.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { formatBytes, parseByteSize } from '../../core/cache/byte-size.ts';
import { DEFAULT_CACHE_MAX_SIZE, pruneCache } from '../../node/cache/prune.ts';
import { openCache, type CacheEntry } from '../../node/cache/store.ts';
import { projectRoot } from '../../node/io/project-root.ts';

/** `eye cache`'s options (its subcommands read them too), each declared once. */
export const CACHE_OPTIONS = {
  dir: { flags: '--dir <dir>', doc: 'the cache folder', default: resolve(projectRoot(), 'cache'), defaultText: 'cache/', parse: (t: string) => resolve(t) },
  json: { flags: '--json', doc: 'print JSON', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye cache prune`'s own option. */
export const PRUNE_OPTIONS = {
  ...CACHE_OPTIONS,
  maxSize: {
    flags: '--max-size <size>',
    doc: 'the most the cache may hold: 2GB, 500MB, 1.5GiB, or bytes',
    default: parseByteSize(DEFAULT_CACHE_MAX_SIZE),
    defaultText: DEFAULT_CACHE_MAX_SIZE,
    parse: (t: string) => {
      try {
        return parseByteSize(t);
      } catch {
        throw new RangeError('a size like 2GB, 500MB, 1.5GiB, or bytes');
      }
    },
  },
} satisfies Record<string, OptionSpec<unknown>>;

/** The entries, most recently used first, and their total. */
export function cacheListing(dir: string, json = false): string {
  const store = openCache(resolve(dir));
  const entries = store.list().sort((a, b) => b.lastUsedMs - a.lastUsedMs || a.key.localeCompare(b.key));
  const total = entries.reduce((n, e) => n + e.bytes, 0);
  if (json) return JSON.stringify({ dir: store.dir, totalBytes: total, entries }, null, 2);
  if (entries.length === 0) return `${store.dir}: no entries`;
  const rows = [['kind', 'name', 'key', 'size', 'last used', 'made']];
  for (const e of entries) rows.push([e.kind, e.name, e.key.slice(0, 12), formatBytes(e.bytes), iso(e.lastUsedMs), e.createdAt.replace(/\.\d+Z$/, 'Z')]);
  return `${formatTable(rows)}\n${entries.length} entries, ${formatBytes(total)} in ${store.dir}`;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** `eye cache` / `eye cache ls` / `eye cache prune [--max-size 2GB]`. */
export function registerCache(program: Command): void {
  const cache = program
    .command('cache')
    .description('The content-addressed cache (cache/): films keyed by scene, settings and code, and eye check results. No subcommand: ls.')
    .showHelpAfterError();
  declareOptions(cache, CACHE_OPTIONS).action((raw: Record<string, unknown>) => {
    const flags = parseOptions(CACHE_OPTIONS, raw);
    writeStdout(`${cacheListing(flags.dir, flags.json)}\n`);
  });
  cache
    .command('ls')
    .description('list the entries (kind, scene, key, size, last used) and the total size')
    .action((_: unknown, cmd: Command) => {
      const flags = parseOptions(CACHE_OPTIONS, cmd.optsWithGlobals());
      writeStdout(`${cacheListing(flags.dir, flags.json)}\n`);
    });
  declareOptions(
    cache
      .command('prune')
      .description(`keep the cache under --max-size by removing the least recently used entries first (eye render also prunes to ${DEFAULT_CACHE_MAX_SIZE} after each run); also removes staging folders left by killed runs`),
    { maxSize: PRUNE_OPTIONS.maxSize },
  )
    .action((_: unknown, cmd: Command) => {
      // --dir and --json belong to `eye cache` (commander hands a parent's options to it wherever they stand).
      const flags = parseOptions(PRUNE_OPTIONS, cmd.optsWithGlobals());
      const max = flags.maxSize;
      const r = pruneCache(openCache(resolve(flags.dir)), max);
      if (flags.json) {
        writeStdout(`${JSON.stringify({ maxBytes: max, keptBytes: r.keptBytes, swept: r.swept, evicted: r.evicted.map(brief) }, null, 2)}\n`);
        return;
      }
      const gone = r.evicted.map((e) => `${e.kind}/${e.name} ${formatBytes(e.bytes)}`).join(', ');
      writeStdout(`removed ${r.evicted.length} entr${r.evicted.length === 1 ? 'y' : 'ies'}${gone ? ` (${gone})` : ''}; ${formatBytes(r.keptBytes)} kept (max ${formatBytes(max)})${r.swept ? `; ${r.swept} abandoned staging folder(s) swept` : ''}\n`);
    });
}

const brief = (e: CacheEntry) => ({ kind: e.kind, name: e.name, key: e.key, bytes: e.bytes, lastUsedMs: e.lastUsedMs });
