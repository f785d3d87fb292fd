import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { CliError, EXIT } from '../../errors/exit.ts';
import { safeText } from '../../errors/safe-text.ts';
import { sceneNameProblem } from '../../scene/scene-name.ts';
import { KEY_HEX_DIGITS } from './content-key.ts';

/**
 * Containment, in one place: every name read from a file (a manifest, a ledger line, a summary, a cache
 * entry) that becomes a path passes the scene-name rule; every output is held inside its root, never
 * inside a cache entry or a scene's folder, and replaces only a regular file or a real folder.
 */

const bad = (message: string) => new CliError(EXIT.badInput, message);

/** A name from `source` held to the scene-name rule (build/scene/scene-name.ts): exit 2 otherwise. */
export function sceneName(name: unknown, source: string): string {
  const problem = sceneNameProblem(name);
  if (problem) throw bad(`${source}: ${typeof name === 'string' ? `"${safeText(name)}"` : 'a scene name'} is not ${problem}`);
  return name as string;
}

/** `<root>/<name>` for a name read from `source`, checked as a scene name and held inside root. */
export function sceneFolderIn(root: string, name: unknown, source: string): string {
  const r = resolve(root);
  const path = join(r, sceneName(name, source));
  if (dirname(path) !== r) throw bad(`${source}: "${safeText(String(name))}" is not a folder directly in ${safeText(r)}`);
  return path;
}

/** Is `path` inside (or equal to) `root`, both resolved? */
export function isInside(root: string, path: string): boolean {
  const r = resolve(root);
  const p = resolve(path);
  return p === r || p.startsWith(r.endsWith(sep) ? r : r + sep);
}

const lstatOrNull = (path: string) => {
  try {
    return lstatSync(path);
  } catch (err) {
    // Nothing there (ENOTDIR: a part of the path is a file, which the folder's own check reports).
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
};

/** A file output may replace only a regular file: a device, a fifo, a socket or a symlink is exit 3. */
export function assertReplaceableFile(path: string): void {
  const st = lstatOrNull(path);
  if (st && !st.isFile()) throw new CliError(EXIT.environment, `${safeText(path)} is not a regular file: refusing to replace it`);
}

/** A folder the project publishes (a scene's) may replace only a real folder: a symlink, a device or a file is exit 3. */
export function assertReplaceableFolder(path: string): void {
  const st = lstatOrNull(path);
  if (st && !st.isDirectory()) throw new CliError(EXIT.environment, `${safeText(path)} is not a folder (${st.isSymbolicLink() ? 'a symlink' : 'a file or a device'}): refusing to replace it`);
}

const KEY_DIR = new RegExp(`^[0-9a-f]{${KEY_HEX_DIGITS}}$`);

/**
 * Is a folder a cache entry: entry.json beside data/, or a folder named by a key (an entry half made or
 * half removed looks like that)? (By what it holds, not by store.ts's layout, which imports this module.)
 */
const isCacheEntry = (dir: string) => (existsSync(join(dir, 'entry.json')) && existsSync(join(dir, 'data'))) || KEY_DIR.test(basename(dir));

/** Is a folder a scene's proof folder (its summary beside its film or trace)? */
const isSceneFolder = (dir: string) => existsSync(join(dir, 'summary.json')) && (existsSync(join(dir, 'film.mp4')) || existsSync(join(dir, 'trace.json')));

/** The deepest existing ancestor of a path, with its links resolved (where a write would really land). */
function realAncestor(path: string): string {
  let d = resolve(path);
  while (!existsSync(d) && dirname(d) !== d) d = dirname(d);
  try {
    return realpathSync(d);
  } catch {
    return d;
  }
}

/**
 * An output folder (`--out`, `--cache-dir`, or the folder an output file goes in) must not lie in a
 * cache entry or a scene's folder, as written or as its links resolve: writing there would change
 * that entry or that scene. Exit 2 naming the folder that owns it.
 */
export function assertNotInsideOwned(dir: string, flag: string): void {
  const chains = [...new Set([resolve(dir), realAncestor(dir)])].map((start) => {
    const chain: string[] = [];
    for (let d = start; ; d = dirname(d)) {
      if (existsSync(d) && statSync(d).isDirectory()) chain.push(d);
      if (dirname(d) === d) return chain;
    }
  });
  // A cache entry first: its data/ also looks like a scene's folder.
  for (const [owner, is] of [['a cache entry', isCacheEntry], ["a scene's folder", isSceneFolder]] as const) {
    for (const d of chains.flat()) {
      if (is(d)) throw bad(`${flag} ${safeText(resolve(dir))} is inside ${owner} (${safeText(d)}): nothing is written into one`);
    }
  }
}

/** An output file named by a flag: resolved, not inside a cache entry or a scene's folder, replacing nothing but a regular file. */
export function outputFile(path: string, flag = '--out'): string {
  const file = resolve(path);
  assertNotInsideOwned(dirname(file), flag);
  assertReplaceableFile(file);
  return file;
}
