import { createHash } from 'node:crypto';
import { bundlePage } from '../browser/bundle-page.ts';
import { codeHash } from './code-hash.ts';
import type { FilmCode } from './film-key.ts';
import { toolVersions } from './tool-versions.ts';

const memo = new Map<string, Promise<FilmCode>>();

/**
 * The code side of every film's key for this run: the page bundle's hash (built in memory, the same
 * bundle the browser will load: bundlePage is memoised), the Node-side sources `eye render` runs, the browser's and
 * ffmpeg's versions.
 */
export function filmCode(root: string, browserPath: string, ffmpegPath: string): Promise<FilmCode> {
  // Memoised like its parts: eye clips asks it once per clip, and each ask ran both tools' --version (~0.1 s each).
  const k = `${root}\0${browserPath}\0${ffmpegPath}`;
  let hit = memo.get(k);
  if (!hit) {
    hit = (async () => {
      const bundle = createHash('sha256').update(await bundlePage()).digest('hex');
      return { bundle, node: (await codeHash(root, 'build/cli/commands/render.ts')).hash, ...toolVersions(browserPath, ffmpegPath) };
    })();
    memo.set(k, hit);
  }
  return hit;
}
