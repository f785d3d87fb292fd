import { createHash } from 'node:crypto';
import { bundlePage } from '../browser/bundle-page.ts';
import { codeHash } from './code-hash.ts';
import type { FilmCode } from './film-key.ts';
import { toolVersions } from './tool-versions.ts';

/**
 * The code side of every film's key for this run: the page bundle's hash (built in memory, the same
 * bundle the browser will load: bundlePage is memoised), the Node-side sources `eye render` runs, the browser's and
 * ffmpeg's versions.
 */
export async function filmCode(root: string, browserPath: string, ffmpegPath: string): Promise<FilmCode> {
  const bundle = createHash('sha256').update(await bundlePage()).digest('hex');
  return { bundle, node: (await codeHash(root, 'build/cli/commands/render.ts')).hash, ...toolVersions(browserPath, ffmpegPath) };
}
