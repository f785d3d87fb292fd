import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CliError, EXIT } from '../../../errors/exit.ts';
import type { TraceChunk } from '../../../model/trace.ts';
import type { PixelChunk } from '../../../measure/pixels/pixel-trace.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { feedDigestAt } from '../../../page/frame-feed.ts';
import { startEncoder, type FilmEncoder } from './encode-film.ts';
import type { FrameHashes } from './frame-hashes.ts';
import { captureFrames } from './capture-frames.ts';
import { pixelOptions, retryOnCrash, type RenderOptions, type RenderSummary } from './render-scene.ts';
import { warmupStartFrame, type FilmChunk } from '../core/chunk-plan.ts';
import { NODE_PAGE_TOLERANCE, traceHeadDisagreement } from '../core/trace-agreement.ts';

/** What a chunk's render leaves for the film it is part of (its encoded frames are `file`). */
export interface ChunkResult {
  chunk: FilmChunk;
  file: string;
  hashes: FrameHashes;
  /** The page's mask rows of the chunk's own frames (null: not measured). */
  pixelRows: PixelChunk[] | null;
  captureMs: number;
  waitMs: number;
  totalMs: number;
  attempts: number;
  /** Frames drawn and measured before the first, not captured (0 for the first chunk). */
  warmupFrames: number;
  /** The page's digest of what it drew equals Node's for the same frames of the scene (feedDigestAt). */
  feedAgrees: boolean;
  pageDigest: string;
  capture: RenderSummary['capture'];
  /** Restored from its cache entry (render-chunk-cache.ts) rather than rendered by this run. */
  restored: boolean;
}

/** Node's digest of a chunk's frames from one warm-up start, when already computed (its cache key's). */
export interface KnownDigest {
  warmupFrom: number;
  digest: string;
}

/** Frames the page visits for a chunk after load: its warm-up, its own, and for the last, the film's end (the trace's). */
export function chunkFrames(chunk: FilmChunk, warmupFrom: number, frameCount: number): number[] {
  const last = chunk.endFrame === frameCount;
  return [...Array.from({ length: chunk.endFrame - warmupFrom }, (_, i) => warmupFrom + i), ...(last ? [frameCount] : [])];
}

/**
 * Load the scene and step to `chunk`'s start, drawing and measuring the warm-up frames before it (not
 * captured) so the pixel path's memory across frames is the one-piece render's: that holds once a
 * warm-up frame shows the pupil (its column is then read from its own pixels), so a warm-up that never
 * does (the lids shut throughout) is done again from 4× further back, down to frame 0.
 */
async function stepToChunk(browser: EyeBrowser, scene: Scene, chunk: FilmChunk, o: RenderOptions): Promise<{ frames: number; warmupFrom: number; trace: TraceChunk[] }> {
  const measure = pixelOptions(o);
  for (let retry = 0; ; retry++) {
    const frames = await browser.load(scene, o.pass ?? 'color', measure);
    const warmupFrom = chunk.startFrame === 0 ? 0 : warmupStartFrame(chunk.startFrame, retry);
    for (let f = warmupFrom; f < chunk.startFrame; f++) await browser.goToFrame(f);
    const trace = [await browser.readTrace()];
    const rows = await browser.readPixels();
    const seen = rows.columns.pupilState.some((s) => s !== null && s > 0);
    if (!measure || warmupFrom === chunk.startFrame || warmupFrom === 0 || seen) return { frames, warmupFrom, trace };
  }
}

async function renderChunkOnce(scene: Scene, chunk: FilmChunk, stage: string, o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }, attempt: number, known?: KnownDigest): Promise<ChunkResult> {
  const browser = await o.session.get();
  const start = performance.now();
  const measure = pixelOptions(o);
  const { frames, warmupFrom, trace } = await stepToChunk(browser, scene, chunk, o);
  const file = join(stage, `chunk-${String(chunk.index).padStart(3, '0')}.mp4`);
  let encoder: FilmEncoder | null = startEncoder({
    ffmpegPath: o.ffmpeg.ffmpeg,
    outFile: file,
    settings: { ...o.encode, width: scene.width, height: scene.height, fps: scene.fps, input: browser.format },
  });
  const unregister = onInterrupt(() => encoder?.kill());
  try {
    const pixelRows: PixelChunk[] = [];
    const count = chunk.endFrame - chunk.startFrame;
    const span = { from: chunk.startFrame, count, label: `${scene.name} chunk ${chunk.index + 1}`, attempt, startMs: start, measure: measure !== null };
    const { hashes, captureMs, waitMs: captureWaitMs } = await captureFrames(browser, encoder, span, { trace, pixelRows }, o);
    let waitMs = captureWaitMs;
    const last = chunk.endFrame === frames;
    // The last chunk steps to the end of the film (not captured), so the page's trace spans it, as a one-piece render's does.
    if (last) await browser.goToFrame(frames);
    trace.push(await browser.readTrace());
    if (measure) pixelRows.push(await browser.readPixels());
    const t2 = performance.now();
    await encoder.finish();
    encoder = null;
    waitMs += performance.now() - t2;
    // The page ran the model from 0 to the chunk's end: it must follow Node's run of the whole scene there.
    const off = traceHeadDisagreement(trace, o.feed.trace);
    if (off) throw new CliError(EXIT.internal, `${scene.name}: frames ${chunk.startFrame}–${chunk.endFrame - 1}: the page's model left Node's simulation of the scene (${off}, beyond ${NODE_PAGE_TOLERANCE}): Node ≡ page determinism is broken`);
    const pageDigest = await browser.feedDigest();
    return {
      chunk,
      file,
      hashes,
      pixelRows: measure ? pixelRows : null,
      captureMs,
      waitMs,
      totalMs: performance.now() - start,
      attempts: attempt,
      warmupFrames: chunk.startFrame - warmupFrom,
      feedAgrees: pageDigest === (known?.warmupFrom === warmupFrom ? known.digest : feedDigestAt(scene, chunkFrames(chunk, warmupFrom, frames))),
      pageDigest,
      capture: { method: browser.method, format: browser.format, probe: browser.probe, browser: browser.version },
      restored: false,
    };
  } finally {
    encoder?.kill();
    unregister();
  }
}

/**
 * Render frames [startFrame, endFrame) of a scene into `<stage>/chunk-NNN.mp4`, encoded with the film's
 * own arguments (ffmpegArgs), in the worker's browser; retried once in a new browser after a crash.
 * The caller joins the chunks (render-chunked.ts) and owns the stage. `known`: Node's digest of the
 * chunk's frames from a warm-up start, already computed for its cache key (not simulated again).
 */
export function renderChunk(scene: Scene, chunk: FilmChunk, chunkCount: number, stage: string, o: RenderOptions & { feed: NonNullable<RenderOptions['feed']> }, known?: KnownDigest): Promise<ChunkResult> {
  return retryOnCrash(scene, o, (attempt) => renderChunkOnce(scene, chunk, stage, o, attempt, known), `${scene.name} (chunk ${chunk.index + 1} of ${chunkCount})`);
}
