import { performance } from 'node:perf_hooks';
import type { TraceChunk } from '../../../model/trace.ts';
import type { PixelChunk } from '../../../measure/pixels/pixel-trace.ts';
import type { CaptureMethod, FrameImage } from '../../../node/browser/capture-frame.ts';
import type { EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import type { FilmEncoder } from './encode-film.ts';
import { FrameHashes } from './frame-hashes.ts';
import { framesAhead } from '../core/frames-ahead.ts';
import type { RenderOptions } from './render-scene.ts';

/**
 * Page calls in flight on the canvas path: with two, the page starts the next frame the moment it
 * has sent one, never idling while the image crosses to Node and the next call crosses back. The
 * compositor paths take one frame at a time (beginFrame refuses a second while one is pending).
 * (canvas.toBlob would encode off the page's main thread, but under --deterministic-mode its idle-time
 * encoder waits ~1 s a frame: measured 1,052 ms a frame against toDataURL's 31, same bytes.)
 */
const CANVAS_FRAMES_IN_FLIGHT = 2;

/** How many frame calls a capture method keeps in flight (the render, and the bench's capture floor). */
export function framesInFlight(method: CaptureMethod): number {
  return method === 'canvas' ? CANVAS_FRAMES_IN_FLIGHT : 1;
}

/** Read the trace back this often (frames) so the page never holds a long film's samples at once. */
export const TRACE_READ_EVERY = 240;

/** What a run of captured frames leaves: their hashes and where the wall time went. */
export interface CapturedFrames {
  hashes: FrameHashes;
  /** Wall ms the loop waited on the page, and on ffmpeg. */
  captureMs: number;
  waitMs: number;
}

/**
 * Capture frames [from, from + count) of the loaded scene into `encoder`, the one loop of every render
 * (a whole film, or one chunk of it). The page steps, draws and encodes the next frames while Node
 * hashes this one and ffmpeg takes it; it answers calls in order, so the trace and mask reads every
 * TRACE_READ_EVERY frames (pushed onto `trace` and `pixelRows`) still see every sample once, in order.
 */
export async function captureFrames(
  browser: EyeBrowser,
  encoder: FilmEncoder,
  span: { from: number; count: number; label: string; attempt: number; startMs: number; measure: boolean },
  into: { trace: TraceChunk[]; pixelRows: PixelChunk[] },
  o: Pick<RenderOptions, 'onFrame' | 'onProgress'>,
): Promise<CapturedFrames> {
  const { from, count } = span;
  const hashes = new FrameHashes();
  let captureMs = 0;
  let waitMs = 0;
  const images = framesAhead(count, framesInFlight(browser.method), async (i): Promise<FrameImage> => {
    await o.onFrame?.(from + i, span.attempt, browser);
    return browser.frameImage(from + i);
  });
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const image = (await images.next()).value as FrameImage;
    const t1 = performance.now();
    captureMs += t1 - t0;
    hashes.add(image);
    await encoder.write(image);
    waitMs += performance.now() - t1;
    if ((i + 1) % TRACE_READ_EVERY === 0) {
      into.trace.push(await browser.readTrace());
      if (span.measure) into.pixelRows.push(await browser.readPixels());
    }
    o.onProgress?.({ scene: span.label, frame: i + 1, frames: count, msPerFrame: (performance.now() - span.startMs) / (i + 1) });
  }
  return { hashes, captureMs, waitMs };
}
