import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build, type BuildOptions, type BuildResult, type Plugin } from 'esbuild';

/**
 * Modules started by file name rather than imported (a worker's entry): an import walk cannot see
 * them, so every command's walk starts from them too. code-hash.test.ts fails when build/ gains one
 * that is not listed here. None today: the check's worker is started from the bundle era-code.ts
 * makes of it, and that text is hashed on its own, into the keys of the parts it computes (the
 * check's, the era spreads); a film or a clip, which no check worker draws, does not hold it.
 */
export const BY_NAME_ENTRIES: readonly string[] = [];

/**
 * esbuild asked for the code a command runs: the source files reached (its metafile) and the bundle
 * they make, in memory (nothing written), packages left out. The bundle, not the sources, is what is
 * hashed: it has no comments and no whitespace, and no code that nothing can run (tree-shaken), so an
 * edit of a comment or of a function no entry reaches keeps every key it is part of. One exception:
 * a package's import line keeps every name it lists, used or not (esbuild cannot know a package's
 * imports are free of effects), so deleting a dead function that alone used one (codeHashSync and
 * esbuild's buildSync) changes the key once: a spurious miss, never a wrong hit.
 */
export const IMPORT_GRAPH = {
  bundle: true,
  write: false,
  metafile: true,
  minifyWhitespace: true,
  legalComments: 'none',
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

/**
 * An esbuild plugin that marks imports of the `outside` files external (not followed), each named by
 * its root-relative path rather than as the importer spelled it (the bundle is hashed, never run), so
 * the depth of an importer's folder is not in the hash.
 */
function stopAt(root: string, outside: readonly string[]): Plugin {
  const stops = new Set(outside.map((f) => join(root, f)));
  return {
    name: 'stop-at',
    setup(b) {
      b.onResolve({ filter: /\.ts$/ }, (a) => {
        const file = join(a.resolveDir, a.path);
        return a.kind !== 'entry-point' && stops.has(file) ? { path: relative(root, file).split(sep).join('/'), external: true } : undefined;
      });
    },
  };
}

const memo = new Map<string, Promise<{ hash: string; files: string[] }>>();

/**
 * A bundle's text with every quoted path of a source file cut to the file's name: esbuild labels each
 * lazily loaded module with its path (`__esm({"build/jobs/cache/node/prune.ts"(){…`), and a few
 * modules name a file to start or walk (CHECK_WORKER). Where a file sits is not what it computes: a
 * folder moved, its files keeping their names and bytes, keeps every key (the bytes are hashed).
 */
export function withoutFolders(code: string): string {
  return code.replace(/(["'`])build\/(?:[\w.-]+\/)*([\w.-]+\.(?:ts|mts|mjs|js))\1/g, '$1$2$1');
}

/** The hash of a bundle build's output (every output file, by path; folders of source paths left out) and package-lock.json; the source files it read. */
function bundleHash(root: string, r: BuildResult<{ write: false; metafile: true }>, label: string): { hash: string; files: string[] } {
  const files = Object.keys(r.metafile.inputs).sort();
  const h = createHash('sha256');
  h.update(`${label}\0`);
  for (const o of [...r.outputFiles].sort((a, b) => (a.path < b.path ? -1 : 1))) h.update(o.path.slice(root.length)).update('\0').update(withoutFolders(o.text)).update('\0');
  h.update('package-lock.json\0').update(readFileSync(join(root, 'package-lock.json')));
  return { hash: h.digest('hex'), files };
}

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
    // Where the walk stopped is part of what was hashed.
    hit = build({ ...options, entryPoints: entries.map((e) => join(root, e)), absWorkingDir: root, plugins: [stopAt(root, outside)] }).then((r) => bundleHash(root, r, `${platform}\0${outside.join('\0')}`));
    memo.set(k, hit);
  }
  return hit;
}
