import { resolve } from 'node:path';
import type { Command } from 'commander';
import { formatTable } from '../../report/table.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { formatBytes, parseByteSize } from '../../node/cache/byte-size.ts';
import { DEFAULT_CACHE_MAX_SIZE, pruneCache } from '../../node/cache/prune.ts';
import { openCache, type CacheEntry } from '../../node/cache/store.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { CliError, EXIT } from '../../errors/exit.ts';

interface CacheFlags {
  dir: string;
  json?: boolean;
}

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
    .option('--dir <dir>', 'the cache folder', resolve(projectRoot(), 'cache'))
    .option('--json', 'print JSON')
    .showHelpAfterError()
    .action((flags: CacheFlags) => writeStdout(`${cacheListing(flags.dir, flags.json)}\n`));
  cache
    .command('ls')
    .description('list the entries (kind, scene, key, size, last used) and the total size')
    .action((_: unknown, cmd: Command) => {
      const flags = cmd.optsWithGlobals<CacheFlags>();
      writeStdout(`${cacheListing(flags.dir, flags.json)}\n`);
    });
  cache
    .command('prune')
    .description(`keep the cache under --max-size by removing the least recently used entries first (eye render also prunes to ${DEFAULT_CACHE_MAX_SIZE} after each run); also removes staging folders left by killed runs`)
    .option('--max-size <size>', 'the most the cache may hold: 2GB, 500MB, 1.5GiB, or bytes', DEFAULT_CACHE_MAX_SIZE)
    .action((_: unknown, cmd: Command) => {
      // --dir and --json belong to `eye cache` (commander hands a parent's options to it wherever they stand).
      const flags = cmd.optsWithGlobals<CacheFlags & { maxSize: string }>();
      let max: number;
      try {
        max = parseByteSize(flags.maxSize);
      } catch (err) {
        throw new CliError(EXIT.badInput, `--max-size: ${(err as Error).message}`);
      }
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
