import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

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

/** How a walk is taken: for which platform, and which files it does not walk through. */
export interface CodeWalk {
  platform?: 'node' | 'browser';
  /**
   * Files (root-relative) the walk stops at: neither they nor what only they import are hashed. A
   * film's key cuts the model's Player out this way (its output, the sample stream, is in the key
   * as a digest instead), so an edit that changes no sample leaves the code side of the key alone.
   */
  outside?: readonly string[];
}

/** An esbuild plugin that marks imports of the `outside` files external (not followed). */
function stopAt(root: string, outside: readonly string[]): Plugin {
  const stops = new Set(outside.map((f) => join(root, f)));
  return {
    name: 'stop-at',
    setup(b) {
      b.onResolve({ filter: /\.ts$/ }, (a) => (a.kind !== 'entry-point' && stops.has(join(a.resolveDir, a.path)) ? { path: a.path, external: true } : undefined));
    },
  };
}

const memo = new Map<string, Promise<{ hash: string; files: string[] }>>();

/**
 * A hash of the Node-side code a command runs: every source file reachable by imports from `entry`
 * (e.g. build/cli/commands/render.ts) and from BY_NAME_ENTRIES, found by esbuild's import graph
 * (its metafile; nothing is written), plus package-lock.json (esbuild, sharp and puppeteer-core
 * versions shape the bytes too). The import graph rather than all of build/: editing `eye check`'s
 * table or the ledger's listing must not make every film render again (minutes); what the render
 * really runs is still all in it. Memoised per process.
 */
export function codeHash(root: string, entry: string, walk: CodeWalk = {}): Promise<{ hash: string; files: string[] }> {
  const outside = [...(walk.outside ?? [])].sort();
  const platform = walk.platform ?? 'node';
  const k = `${root}\0${entry}\0${platform}\0${outside.join('\0')}`;
  let hit = memo.get(k);
  if (!hit) {
    // A browser walk is the page's: no workers, and the bundle's packages are in it (the page loads nothing).
    const entries = platform === 'node' ? [entry, ...BY_NAME_ENTRIES] : [entry];
    const options = { ...IMPORT_GRAPH, platform, ...(platform === 'browser' ? { packages: 'bundle' as const } : {}) };
    hit = build({ ...options, entryPoints: entries.map((e) => join(root, e)), absWorkingDir: root, plugins: [stopAt(root, outside)] }).then((r) => {
      const files = Object.keys(r.metafile.inputs).sort();
      const h = createHash('sha256');
      // Where the walk stopped is part of what was hashed.
      h.update(`${platform}\0${outside.join('\0')}\0`);
      for (const f of files) h.update(f).update('\0').update(readFileSync(join(root, f))).update('\0');
      h.update('package-lock.json\0').update(readFileSync(join(root, 'package-lock.json')));
      return { hash: h.digest('hex'), files };
    });
    memo.set(k, hit);
  }
  return hit;
}
