import { codeHash } from './code-hash.ts';
import type { FilmCode } from './film-key.ts';
import { toolVersions } from './tool-versions.ts';

/**
 * Where the code side of a film's key stops: the model's Player and everything only it imports. What
 * the Player gives the page (each frame's sample) is in the key as the feed's digest instead, so an
 * edit of the model that changes no frame's sample keeps every film, and one that does changes
 * exactly the films whose samples it changes.
 */
export const MODEL_ENTRY = 'build/model/player.ts';

const memo = new Map<string, Promise<FilmCode>>();

/**
 * The code side of every film's key for this run: the renderer (the page bundle's sources, less the
 * Player's import graph: the code that turns samples into pixels, the mask pass's measuring with it),
 * the Node-side sources `eye render` runs (less the same), the browser's and ffmpeg's versions.
 */
export function filmCode(root: string, browserPath: string, ffmpegPath: string): Promise<FilmCode> {
  // Memoised like its parts: eye clips asks it once per clip, and each ask ran both tools' --version (~0.1 s each).
  const k = `${root}\0${browserPath}\0${ffmpegPath}`;
  let hit = memo.get(k);
  if (!hit) {
    // The tools are asked while esbuild bundles the sources (both wait on other processes).
    hit = Promise.all([filmSources(root), toolVersions(browserPath, ffmpegPath)]).then(([sources, tools]) => ({ ...sources, ...tools }));
    memo.set(k, hit);
  }
  return hit;
}

/** The two source hashes of filmCode (no tools asked: the key tests compute them for edited copies of the tree). */
export async function filmSources(root: string): Promise<Pick<FilmCode, 'renderer' | 'node'>> {
  const [renderer, node] = await Promise.all([
    codeHash(root, 'build/page/main.ts', { platform: 'browser', outside: [MODEL_ENTRY] }),
    codeHash(root, 'build/cli/commands/render.ts', { outside: [MODEL_ENTRY] }),
  ]);
  return { renderer: renderer.hash, node: node.hash };
}
