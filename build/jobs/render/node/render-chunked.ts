import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { environmentError } from '../../../errors/environment-error.ts';
import type { PixelChunk } from '../../../measure/pixels/pixel-trace.ts';
import type { Scene } from '../../../scene/scene.ts';
import { concatList, joinFilmArgs } from '../../../node/ffmpeg/join-film-args.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { ownedPrefix } from '../../../node/io/owned-temp.ts';
import type { FilmChunk } from '../core/chunk-plan.ts';
import { frameCount } from '../../../model/time/clock.ts';
import { FrameHashes } from './frame-hashes.ts';
import { renderChunk, type ChunkResult } from './render-chunk.ts';
import { chunkLookup, restoreChunk, storeChunk, type ChunkCacheUse } from './render-chunk-cache.ts';
import { pixelOptions, publishFilm, round, type RenderOptions, type RenderSummary } from './render-scene.ts';

const run = promisify(execFile);

/** How many of a film's chunks were restored from the cache and how many rendered. */
export interface ChunkCounts {
  restored: number;
  rendered: number;
}

/**
 * A chunk's outcome for the worker that took it (`restored`: from its cache entry, not rendered): the
 * film's summary once its last chunk is in and it is joined and published.
 */
export type ChunkOutcome = { film: 'pending'; restored: boolean } | { film: 'skipped' } | { film: 'published'; restored: boolean; summary: RenderSummary; chunks: ChunkCounts };

/** One film rendered as chunks by whichever workers take them; the last one in joins and publishes it. */
export interface ChunkedFilm {
  readonly scene: Scene;
  readonly chunks: readonly FilmChunk[];
  /**
   * Restore one chunk from its cache entry, or render it with the worker's options (its browser) and
   * store it. Throws this chunk's failure (the film
   * then fails: later chunks are skipped and its stage removed once none is in flight).
   */
  render(chunk: FilmChunk, o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }): Promise<ChunkOutcome>;
  /** A chunk that will not be rendered (the run stops): the film fails, and its stage goes once no chunk is in flight. */
  abandon(): void;
}

/**
 * A film as chunks, each rendered and encoded on its own (render-chunk.ts), then joined without
 * re-encoding (joinFilmArgs) into `<stage>/film.mp4`: the film's frames, hashes and pixel rows are its
 * chunks' in order, its trace Node's run of the scene. Everything is made in one staging folder beside
 * the scene's and published whole (publishFilm), or removed: a film is whole or absent. With `cache`,
 * each chunk whose own key hits is restored instead of rendered (render-chunk-cache.ts), and each one
 * rendered is stored: an edit that moves only a film's later samples renders only the chunks that show them.
 */
export function startChunkedFilm(scene: Scene, chunks: readonly FilmChunk[], outDir: string, cache: ChunkCacheUse | null = null): ChunkedFilm {
  mkdirSync(outDir, { recursive: true });
  const stage = mkdtempSync(join(outDir, ownedPrefix(`.${scene.name}.tmp-`)));
  const results: ChunkResult[] = [];
  let pending = chunks.length;
  let failed = false;
  const unregister = onInterrupt(() => rmSync(stage, { recursive: true, force: true }));
  const discard = () => {
    rmSync(stage, { recursive: true, force: true });
    unregister();
  };
  return {
    scene,
    chunks,
    abandon() {
      failed = true;
      if (--pending === 0) discard();
    },
    async render(chunk, o) {
      if (failed) {
        if (--pending === 0) discard();
        return { film: 'skipped' };
      }
      let result: ChunkResult;
      try {
        result = await restoreOrRender(scene, chunk, chunks.length, stage, o, cache);
        results.push(result);
      } catch (err) {
        failed = true;
        if (--pending === 0) discard();
        throw err;
      }
      const { restored } = result;
      if (--pending > 0) return { film: 'pending', restored };
      if (failed) {
        discard();
        return { film: 'skipped' };
      }
      try {
        const summary = await joinAndPublish(scene, stage, results, o);
        const fromCache = results.filter((r) => r.restored).length;
        return { film: 'published', restored, summary, chunks: { restored: fromCache, rendered: results.length - fromCache } };
      } catch (err) {
        rmSync(stage, { recursive: true, force: true });
        if (err instanceof CliError) throw err;
        throw environmentError(err, `write ${scene.name}'s film under`, o.outDir) ?? new CliError(EXIT.internal, `${scene.name}: joining its chunks: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      } finally {
        unregister();
      }
    },
  };
}

/** The chunk from its cache entry when its key hits and the entry is this chunk's, else rendered (and stored). */
async function restoreOrRender(scene: Scene, chunk: FilmChunk, chunkCount: number, stage: string, o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }, cache: ChunkCacheUse | null): Promise<ChunkResult> {
  if (!cache) return renderChunk(scene, chunk, chunkCount, stage, o);
  const frames = frameCount(scene.durationS, scene.fps);
  const measured = pixelOptions(o) !== null;
  const look = chunkLookup(scene, chunk, frames, cache);
  const hit = cache.force ? null : restoreChunk(scene, chunk, frames, stage, cache, look, measured);
  if (hit) return hit;
  const rendered = await renderChunk(scene, chunk, chunkCount, stage, o, look);
  storeChunk(scene, rendered, frames, cache, look, measured);
  return rendered;
}

async function joinAndPublish(scene: Scene, stage: string, parts: ChunkResult[], o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }): Promise<RenderSummary> {
  const t0 = performance.now();
  const ordered = [...parts].sort((a, b) => a.chunk.index - b.chunk.index);
  const list = join(stage, 'chunks.txt');
  writeFileSync(list, concatList(ordered.map((p) => ({ file: p.file, frames: p.chunk.endFrame - p.chunk.startFrame })), scene.fps));
  const partial = join(stage, 'film.partial.mp4');
  try {
    await run(o.ffmpeg.ffmpeg, joinFilmArgs({ listFile: list, output: partial }));
  } catch (err) {
    const said = ((err as { stderr?: string }).stderr ?? '').trim().split('\n').pop();
    throw new CliError(EXIT.internal, `${scene.name}: ffmpeg could not join its ${ordered.length} chunks: ${said || (err as Error).message.split('\n')[0]}`);
  }
  renameSync(partial, join(stage, 'film.mp4'));
  for (const p of ordered) rmSync(p.file);
  rmSync(list);
  const frames = ordered.reduce((n, p) => n + p.chunk.endFrame - p.chunk.startFrame, 0);
  const joinMs = performance.now() - t0;
  const sum = (k: 'captureMs' | 'waitMs' | 'totalMs') => ordered.reduce((n, p) => n + p[k], 0);
  const measure = pixelOptions(o);
  // Every chunk drew its frames of the film's stream (each page's digest is Node's for the same frames);
  // then the film was drawn from the stream its key holds. Else the summary says which chunk did not, and the film is not cached.
  const stray = ordered.find((p) => !p.feedAgrees);
  return publishFilm(scene, stage, o, {
    frames,
    pass: o.pass ?? 'color',
    capture: ordered[0].capture,
    // Summed over the chunks (the frames' cost, not the film's wall span, which they shared with other work).
    msPerFrame: { capture: round(sum('captureMs') / frames), encodeWait: round(sum('waitMs') / frames), total: round((sum('totalMs') + joinMs) / frames) },
    attempts: Math.max(...ordered.map((p) => p.attempts)),
    frameHashes: FrameHashes.joined(ordered.map((p) => p.hashes)).summary(),
    feedDigest: stray ? `chunk ${stray.chunk.index}: ${stray.pageDigest}` : o.feed.digest,
    trace: [o.feed.trace],
    pixelRows: measure ? ordered.flatMap((p): PixelChunk[] => p.pixelRows ?? []) : null,
    measure,
  });
}

/**
 * Render (or restore, with `cache`) every chunk of a film in this worker's browser, one after another,
 * and join them (a restore whose entry was damaged; tests).
 */
export async function renderChunksHere(scene: Scene, chunks: readonly FilmChunk[], o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }, cache: ChunkCacheUse | null = null): Promise<{ summary: RenderSummary; chunks: ChunkCounts }> {
  const film = startChunkedFilm(scene, chunks, o.outDir, cache);
  for (const [i, chunk] of chunks.entries()) {
    let outcome: ChunkOutcome;
    try {
      outcome = await film.render(chunk, o);
    } catch (err) {
      for (let k = i + 1; k < chunks.length; k++) film.abandon();
      throw err;
    }
    if (outcome.film === 'published') return { summary: outcome.summary, chunks: outcome.chunks };
  }
  throw new CliError(EXIT.internal, `${scene.name}: its ${chunks.length} chunks were rendered but not joined`);
}
