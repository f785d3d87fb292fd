import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { withSettings } from '../../../scene/parse.ts';
import type { Scene } from '../../../scene/scene.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { OUT_TEMP, sweepOwned } from '../../../node/io/owned-temp.ts';
import { loadScenes } from '../../../node/io/load-scene.ts';
import { createProgress } from './progress.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { filmCode } from '../../cache/node/film-code.ts';
import { filmKey, type FilmCode } from '../../cache/node/film-key.ts';
import { feedsFor } from './feed-memo.ts';
import { openCache, type CacheStore } from '../../cache/node/store.ts';
import { sceneSettingsOf } from '../../../options/scene-settings.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { filmSettingsFor, filmSettingsOf, planRender, scenesOfShard, type CacheIndex } from './plan-render.ts';
import { executeRender } from './execute-render.ts';
import type { RenderRunOptions } from './render-options.ts';

export type { RenderRunOptions } from './render-options.ts';

/** Each scene's film key as `eye render` with these flags would look it up (null: the run uses no cache). */
export async function filmKeysOf(scenes: readonly Scene[], flags: RenderRunOptions): Promise<string[] | null> {
  if (!flags.cache) return null;
  const code = await filmCode(projectRoot(), findBrowser().path, findFfmpeg().ffmpeg);
  const settings = filmSettingsOf(flags);
  const feeds = await feedsFor(scenes, openCache(resolve(flags.cacheDir)), projectRoot());
  return scenes.map((s) => filmKey(s, feeds.get(s.name)!.digest, filmSettingsFor(settings, s), code));
}

/**
 * `eye render`: load and validate every scene first, then render them on `jobs` browsers (restored from
 * the cache where unchanged), write the ledger line (or the shard manifest), and fail with the first
 * failure's exit code.
 */
export async function runRender(names: string[], flags: RenderRunOptions, argv: string[]): Promise<number> {
  // Everything is validated before any work: scene files, settings, browser, ffmpeg.
  const settings = sceneSettingsOf(flags);
  return runRenderScenes(loadScenes(names).map((s) => withSettings(s, settings)), flags, argv);
}

/**
 * runRender on scenes already loaded and settled (eye compare makes preset variants of a scene file):
 * what the plan needs is found and read (the tools, the cache's index, the code fingerprint, each
 * scene's sample stream), then planned (planRender, pure) and carried out (executeRender).
 */
export async function runRenderScenes(allScenes: Scene[], flags: RenderRunOptions, argv: string[]): Promise<number> {
  const wallStart = performance.now();
  const scenes = scenesOfShard(allScenes, flags.shard);
  if (allScenes.length === 0) throw new CliError(EXIT.badInput, 'no scenes to render (scenes/ is empty)');
  const executable = findBrowser();
  const ffmpeg = findFfmpeg();
  const outDir = resolve(flags.out);
  ensureOutDir(outDir);
  // Staging folders of renders that were killed (-9: no chance to clean up) are removed now.
  sweepOwned(outDir, OUT_TEMP);
  const progress = createProgress();
  // A damaged entry (a cut film, a broken summary) is one line among the scenes' lines, then rendered.
  const store: CacheStore | null = flags.cache ? openCache(resolve(flags.cacheDir), (m) => progress.line(`cache: ${m}`)) : null;
  store?.sweep();
  // One code fingerprint for the run (page bundle, build/ sources, browser and ffmpeg versions).
  // (A shard records it too, so eye merge can refuse shards made by different code, browsers or encoders.)
  const code: FilmCode | null = (store && scenes.length > 0) || flags.shard ? await filmCode(projectRoot(), executable.path, ffmpeg.ffmpeg) : null;
  // The sample stream each page will draw, simulated here (~0.1 s a scene): the film's key, and what its render is held to.
  const feeds = await feedsFor(scenes, store, projectRoot());
  const cache: CacheIndex | null = store ? { films: store.list().flatMap((e) => (e.kind === 'films' ? [{ key: e.key, name: e.name }] : [])) } : null;
  const plan = planRender({ scenes: allScenes, options: flags, code, cache, feedDigests: Object.fromEntries([...feeds].map(([name, f]) => [name, f.digest])) });
  return executeRender(plan, { executable, ffmpeg, outDir, store, code, feeds, progress, argv, wallStart });
}
