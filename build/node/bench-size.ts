import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Scene } from '../scene/scene.ts';
import { createBrowserSession } from './browser-session.ts';
import type { FrameFormat } from './capture-frame.ts';
import { startEncoder } from './encode-film.ts';
import type { BrowserExecutable } from './find-browser.ts';
import type { FfmpegTools } from './find-ffmpeg.ts';
import { launchEyeBrowser } from './launch-eye-browser.ts';
import { renderScene } from './render-scene.ts';

export interface BenchRow {
  size: string;
  format: FrameFormat;
  frames: number;
  method: string;
  /** ms per frame. */
  pipelineMs: number;
  captureMs: number;
  encodeMs: number;
  screenshotMs: number;
  /** The fallback capture alone: goToFrame + Page.captureScreenshot (optimizeForSpeed, viewport only), same browser as screenshotMs. */
  fallbackCaptureMs: number;
  /** pipeline ÷ max(capture, encode): 1 is perfect overlap. */
  pipelineOverFloor: number;
  /** page.screenshot loop ÷ pipeline: how much faster the pipeline is. */
  screenshotOverPipeline: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Benchmark one size and frame format, all modes on the same scene and frames, one after another:
 * capture alone (goToFrame + beginFrame, no encoder), encode alone (those images piped into ffmpeg as
 * fast as it takes them), the full pipeline (renderScene: capture, hashing, overlapped encoding, trace)
 * and a plain page.screenshot() loop (puppeteer's defaults) in an ordinary, not begin-frame-controlled,
 * headless browser; beside it, for reference, the screenshot fallback's own capture in that browser.
 * Each browser draws frame 0 once untimed first (the renderer paints its per-size layers then).
 */
export async function benchSize(o: { scene: Scene; format: FrameFormat; executable: BrowserExecutable; ffmpeg: FfmpegTools; log: (s: string) => void }): Promise<BenchRow> {
  const { scene, format } = o;
  const size = `${scene.width}x${scene.height}`;
  const tmp = mkdtempSync(join(tmpdir(), 'eye-bench-'));
  const session = createBrowserSession({ executable: o.executable, capture: 'auto', format, width: scene.width, height: scene.height });
  try {
    const browser = await session.get();
    // Warm up: the first frame of a size paints the renderer's static layers.
    await browser.load(scene, 'color');
    await browser.goToFrame(0);
    const warm = await browser.grab(0);
    // And fluent-ffmpeg's one-off capability queries (it runs ffmpeg -formats/-encoders once per process).
    const warmEncoder = startEncoder({
      ffmpegPath: o.ffmpeg.ffmpeg,
      outFile: join(tmp, 'warm.mp4'),
      settings: { width: scene.width, height: scene.height, fps: scene.fps, input: format },
    });
    await warmEncoder.write(warm);
    await warmEncoder.finish();

    o.log(`${size} ${format}: capture alone`);
    const frames = await browser.load(scene, 'color');
    const images: Buffer[] = [];
    let t = performance.now();
    for (let f = 0; f < frames; f++) {
      await browser.goToFrame(f);
      images.push(await browser.grab(f));
    }
    const captureMs = (performance.now() - t) / frames;

    o.log(`${size} ${format}: encode alone`);
    t = performance.now();
    const encoder = startEncoder({
      ffmpegPath: o.ffmpeg.ffmpeg,
      outFile: join(tmp, 'encode-alone.mp4'),
      settings: { width: scene.width, height: scene.height, fps: scene.fps, input: format },
    });
    for (const image of images) await encoder.write(image);
    await encoder.finish();
    const encodeMs = (performance.now() - t) / frames;

    o.log(`${size} ${format}: full pipeline`);
    const summary = await renderScene(scene, { session, ffmpeg: o.ffmpeg, outDir: join(tmp, 'pipeline') });
    const pipelineMs = summary.msPerFrame.total;
    await session.close();

    o.log(`${size} ${format}: page.screenshot loop`);
    const plain = await launchEyeBrowser({ executable: o.executable, capture: 'screenshot', format, width: scene.width, height: scene.height });
    let screenshotMs: number;
    let fallbackCaptureMs: number;
    try {
      await plain.load(scene, 'color');
      await plain.goToFrame(0);
      await plain.plainScreenshot();
      await plain.load(scene, 'color');
      t = performance.now();
      for (let f = 0; f < frames; f++) {
        await plain.goToFrame(f);
        await plain.plainScreenshot();
      }
      screenshotMs = (performance.now() - t) / frames;
      await plain.load(scene, 'color');
      t = performance.now();
      for (let f = 0; f < frames; f++) {
        await plain.goToFrame(f);
        await plain.grab(f);
      }
      fallbackCaptureMs = (performance.now() - t) / frames;
    } finally {
      await plain.close();
    }
    return {
      size,
      format,
      frames,
      method: browser.method,
      pipelineMs: r2(pipelineMs),
      captureMs: r2(captureMs),
      encodeMs: r2(encodeMs),
      screenshotMs: r2(screenshotMs),
      fallbackCaptureMs: r2(fallbackCaptureMs),
      pipelineOverFloor: r2(pipelineMs / Math.max(captureMs, encodeMs)),
      screenshotOverPipeline: r2(screenshotMs / pipelineMs),
    };
  } finally {
    await session.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
