import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scene } from '../../scene/scene.ts';
import { renderScene, type RenderOptions, type RenderSummary } from '../render/render-scene.ts';
import { copyDir, type CacheStore } from './store.ts';

/** How a render uses the cache: where, the film's key, and whether to ignore what is there. */
export interface FilmCacheUse {
  store: CacheStore;
  key: string;
  /** Render even when an entry exists (and replace it). */
  force: boolean;
  /** Told when the cache could not be written (the render itself stands). */
  onWarning?: (message: string) => void;
}

/**
 * Render one scene, or restore its whole proof folder from the cache: the film, trace, pixels,
 * assertions, summary (with the original render's timings) and stills, exactly as that render wrote
 * them. A render that completes (its folder published, passing or not: a disagreeing film's folder is
 * the evidence, and restoring it fails the run again) is stored under its key.
 */
export async function renderCached(scene: Scene, o: RenderOptions, cache: FilmCacheUse | null): Promise<{ summary: RenderSummary; cached: boolean }> {
  const target = join(o.outDir, scene.name);
  if (cache && !cache.force && cache.store.restoreDir('films', cache.key, target)) {
    const summary = JSON.parse(readFileSync(join(target, 'summary.json'), 'utf8')) as RenderSummary;
    return { summary, cached: true };
  }
  const summary = await renderScene(scene, o);
  if (cache) {
    try {
      cache.store.put('films', cache.key, scene.name, (data) => copyDir(target, data));
    } catch (err) {
      cache.onWarning?.(`${scene.name}: not cached (${(err as Error).message.split('\n')[0]})`);
    }
  }
  return { summary, cached: false };
}
