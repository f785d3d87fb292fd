import { resolve } from 'node:path';
import type { Command } from 'commander';
import { declareOptions, parseOptions, type OptionSpec } from '../option-spec.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { parseByteSize } from '../../jobs/cache/core/byte-size.ts';
import { runCacheList } from '../../jobs/cache/node/run-cache-list.ts';
import { DEFAULT_CACHE_MAX_SIZE } from '../../jobs/cache/node/prune.ts';
import { runCachePrune } from '../../jobs/cache/node/run-cache-prune.ts';
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

/** `eye cache` / `eye cache ls` / `eye cache prune [--max-size 2GB]`. */
export function registerCache(program: Command): void {
  const cache = program
    .command('cache')
    .description('The content-addressed cache (cache/): films keyed by scene, settings and code, eye check results and the era spreads films are held to. No subcommand: ls.');
  declareOptions(cache, CACHE_OPTIONS).action((raw: Record<string, unknown>) => {
    const flags = parseOptions(CACHE_OPTIONS, raw);
    writeStdout(`${runCacheList(flags.dir, flags.json)}\n`);
  });
  cache
    .command('ls')
    .description('list the entries (kind, scene, key, size, last used) and the total size')
    .action((_: unknown, cmd: Command) => {
      const flags = parseOptions(CACHE_OPTIONS, cmd.optsWithGlobals());
      writeStdout(`${runCacheList(flags.dir, flags.json)}\n`);
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
      writeStdout(`${runCachePrune(flags.dir, flags.maxSize, flags.json)}\n`);
    });
}
