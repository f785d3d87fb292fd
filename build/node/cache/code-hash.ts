import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';

/**
 * Modules started by file name rather than imported (a worker's entry): an import walk cannot see
 * them, so every command's walk starts from them too. code-hash.test.ts fails when build/ gains one
 * that is not listed here.
 */
export const BY_NAME_ENTRIES = ['build/node/check/check-worker.ts'];

/** esbuild asked for an import graph only: the source files reached (its metafile), nothing written, packages left out. */
export const IMPORT_GRAPH = {
  bundle: true,
  write: false,
  metafile: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outdir: 'out',
  logLevel: 'silent',
} as const satisfies BuildOptions;

const memo = new Map<string, Promise<{ hash: string; files: string[] }>>();

/**
 * A hash of the Node-side code a command runs: every source file reachable by imports from `entry`
 * (e.g. build/cli/commands/render.ts) and from BY_NAME_ENTRIES, found by esbuild's import graph
 * (its metafile; nothing is written), plus package-lock.json (esbuild, sharp and puppeteer-core
 * versions shape the bytes too). The import graph rather than all of build/: editing `eye check`'s
 * table or the ledger's listing must not make every film render again (minutes); what the render
 * really runs is still all in it. Memoised per process.
 */
export function codeHash(root: string, entry: string): Promise<{ hash: string; files: string[] }> {
  const k = `${root}\0${entry}`;
  let hit = memo.get(k);
  if (!hit) {
    hit = build({ ...IMPORT_GRAPH, entryPoints: [entry, ...BY_NAME_ENTRIES].map((e) => join(root, e)), absWorkingDir: root }).then((r) => {
      const files = Object.keys(r.metafile.inputs).sort();
      const h = createHash('sha256');
      for (const f of files) h.update(f).update('\0').update(readFileSync(join(root, f))).update('\0');
      h.update('package-lock.json\0').update(readFileSync(join(root, 'package-lock.json')));
      return { hash: h.digest('hex'), files };
    });
    memo.set(k, hit);
  }
  return hit;
}
