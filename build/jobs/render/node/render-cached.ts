import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import type { PixelChunk } from '../../../measure/pixels/pixel-trace.ts';
import type { Scene } from '../../../scene/scene.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { modelFiles, pixelOptions, renderScene, type FilmFacts, type RenderOptions, type RenderSummary } from './render-scene.ts';
import { writeStills } from '../../stills/node/write-stills.ts';
import { copyDir, type CacheStore } from '../../cache/node/store.ts';

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
 * Render one scene, or restore its proof folder from the cache. A film is keyed by what it shows (its
 * sample stream, the renderer, the settings, the tools: film-key.ts), not by the whole model, so what
 * the folder says about the model — trace.json, pixels.json, assertions.json, summary.json, and the
 * stills picked by the trace's events — is made again from the model as it is now (`refreshed` names
 * the files that came out different, which are rewritten, and the entry with them). A render that
 * completes (its folder published, passing or not: a disagreeing film's folder is the evidence, and
 * restoring it fails the run again) is stored under its key. `render` makes the film when it is not
 * restored (default: in one piece, renderScene).
 */
export async function renderCached(scene: Scene, o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }, cache: FilmCacheUse | null, render: () => Promise<RenderSummary> = () => renderScene(scene, o)): Promise<{ summary: RenderSummary; cached: boolean; refreshed: string[] }> {
  const target = join(o.outDir, scene.name);
  if (cache && !cache.force && cache.store.restoreDir('films', cache.key, target)) {
    const { summary, refreshed } = await refreshModelFiles(target, scene, o);
    if (refreshed.length > 0) storeFilm(scene, target, cache, 'not cached again after its model files were refreshed');
    return { summary, cached: true, refreshed };
  }
  const summary = await render();
  storeRendered(scene, o, cache, summary);
  return { summary, cached: false, refreshed: [] };
}

/**
 * Store a film just rendered and published (in one piece, or joined from chunks) under its key:
 * only under the key of the stream the page drew. A value that fell on the other side of a grid line
 * in the page than in Node (frame-feed.ts: FEED_GRID) leaves this film out of the cache.
 */
export function storeRendered(scene: Scene, o: Pick<RenderOptions, 'outDir'> & { feed: NonNullable<RenderOptions['feed']> }, cache: FilmCacheUse | null, summary: RenderSummary): void {
  if (!cache) return;
  if (summary.feedDigest !== o.feed.digest) cache.onWarning?.(`${scene.name}: not cached: the page's digest of its samples (${summary.feedDigest.slice(0, 12)}) is not Node's (${o.feed.digest.slice(0, 12)}), a value on the other side of a rounding grid line`);
  else storeFilm(scene, join(o.outDir, scene.name), cache, 'not cached');
}

function storeFilm(scene: Scene, target: string, cache: FilmCacheUse, what: string): void {
  try {
    cache.store.put('films', cache.key, scene.name, (data) => copyDir(target, data));
  } catch (err) {
    cache.onWarning?.(`${scene.name}: ${what} (${(err as Error).message.split('\n')[0]})`);
  }
}

/**
 * A restored folder's model files made again (modelFiles, as a render makes them) from Node's
 * simulation of the scene and the restored film's own facts and pixel rows; the files that differ are
 * rewritten (and the stills, when the trace they are picked from changed).
 */
async function refreshModelFiles(target: string, scene: Scene, o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }): Promise<{ summary: RenderSummary; refreshed: string[] }> {
  const { scene: _name, trace: _trace, pixels: _pixels, ...facts } = JSON.parse(readFileSync(join(target, 'summary.json'), 'utf8')) as RenderSummary;
  // The key held this digest; the entry says it was drawn from it (its render checked the page's). Anything else is a damaged or foreign entry.
  if ((facts as FilmFacts).feedDigest !== o.feed.digest) {
    throw new CliError(EXIT.internal, `${scene.name}: the cached film was drawn from sample stream ${String(facts.feedDigest).slice(0, 12)}, not ${o.feed.digest.slice(0, 12)} (its key's); remove ${target} and the entry (eye cache) and render again`);
  }
  const measure = pixelOptions(o);
  const rows: PixelChunk[] | null = measure && existsSync(join(target, 'pixels.json')) ? [{ columns: (JSON.parse(readFileSync(join(target, 'pixels.json'), 'utf8')) as PixelChunk).columns }] : null;
  const { files, summary } = await modelFiles(scene, facts as FilmFacts, [o.feed.trace], rows, measure, o.holdSpread ?? true, o.spreadStore ?? null);
  const refreshed = Object.entries(files).flatMap(([name, text]) => {
    const file = join(target, name);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) return [];
    writeFileAtomic(file, text);
    return [name];
  });
  if (refreshed.includes('trace.json')) {
    await writeStills(target, o.ffmpeg);
    refreshed.push('stills/');
  }
  return { summary, refreshed };
}
