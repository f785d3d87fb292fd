import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scene } from '../../../scene/scene.ts';
import { createBrowserSession } from '../../../node/browser/browser-session.ts';
import type { CaptureMethod, FrameFormat } from '../../../node/browser/capture-frame.ts';
import { startEncoder } from '../../render/node/encode-film.ts';
import type { ColourConversion, EncodeSettings } from '../../../node/ffmpeg/ffmpeg-args.ts';
import type { BrowserExecutable } from '../../../node/browser/find-browser.ts';
import type { FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { launchEyeBrowser, type EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import { DEFAULT_MASK_SCALE } from '../../render/node/pixel-proof.ts';
import { renderScene } from '../../render/node/render-scene.ts';
import { framesInFlight } from '../../render/node/capture-frames.ts';
import { renderCpuSampler, timedCpu, type BenchTiming } from './tree-cpu-ms.ts';
import { framesAhead } from '../../render/core/frames-ahead.ts';

export type { BenchTiming } from './tree-cpu-ms.ts';

export interface CaptureTiming {
  /** `canvas/jpeg`, `beginFrame/jpeg`, `screenshot/jpeg`, … */
  path: string;
  method: CaptureMethod;
  format: FrameFormat;
  /** The capture alone, the page unchanged (no frame drawn): the path's own floor. */
  still: BenchTiming;
  /** Step, draw and capture every frame of the eye page, as many calls in flight as the render keeps for the path (the pipeline's capture floor). */
  eye: BenchTiming;
  /** Frames whose image is byte-identical to the same frame by the default path (same format only). */
  identicalToDefault: number | null;
}

export interface BenchRow {
  size: string;
  /** Full passes this row's timings are the medians of (medianRow); absent: one pass. */
  passes?: number;
  scene: string;
  frames: number;
  /** The capture path the probe chose, which the pipeline uses. */
  capture: { method: CaptureMethod; format: FrameFormat; probe: string };
  /** The page's own work per frame, no capture: model, colour pass and the mask pass measured (as the pipeline does). */
  drawing: BenchTiming;
  /** The same without the mask pass: the colour picture alone. */
  drawingColorOnly: BenchTiming;
  captures: CaptureTiming[];
  /** The default path's images piped into ffmpeg as fast as it takes them, per conversion and x264 threads. */
  encode: { conversion: ColourConversion; threads: number; timing: BenchTiming }[];
  /** renderScene: capture, hashing, overlapped encoding, trace and pixel rows; per x264 threads value. */
  pipeline: { threads: number; timing: BenchTiming }[];
  /** The same pipeline as the films were made before issue 8: beginFrame JPEG, swscale, x264's own threads. */
  pipelineBefore: BenchTiming | null;
  /** A plain page.screenshot() loop (puppeteer's defaults: PNG) in an ordinary headless browser. */
  pageScreenshot: BenchTiming;
  ratios: {
    /** The default pipeline ÷ the drawing (aim ≤ 2.5). */
    pipelineOverDrawing: number;
    /** The default pipeline ÷ max(capture alone, encode alone) with the default settings (aim ≤ 1.25; 1 is perfect overlap). */
    pipelineOverFloor: number;
    /** page.screenshot loop ÷ the default pipeline. */
    screenshotOverPipeline: number;
  };
}

export interface BenchOptions {
  scene: Scene;
  executable: BrowserExecutable;
  ffmpeg: FfmpegTools;
  /** x264 threads to try (0: x264's choice); the first is the default the ratios use. */
  threads: number[];
  log: (s: string) => void;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The ratios against the aims, from a row's timings: the default pipeline (the first x264 threads
 * value) over the drawing, and over the slower of its capture path on the eye and zscale encoding at
 * those threads; page.screenshot over the pipeline.
 */
export function benchRatios(r: Omit<BenchRow, 'ratios'>): BenchRow['ratios'] {
  const defaultPipeline = r.pipeline[0];
  const capture = r.captures.find((c) => c.path === `${r.capture.method}/${r.capture.format}`)!;
  const encode = r.encode.find((e) => e.conversion === 'zscale' && e.threads === defaultPipeline.threads)!;
  const ms = defaultPipeline.timing.wallMs;
  return {
    pipelineOverDrawing: r2(ms / r.drawing.wallMs),
    pipelineOverFloor: r2(ms / Math.max(capture.eye.wallMs, encode.timing.wallMs)),
    screenshotOverPipeline: r2(r.pageScreenshot.wallMs / ms),
  };
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');


/** Step through every frame of a freshly loaded scene, drawing each. */
async function drawAll(browser: EyeBrowser, scene: Scene, measure: boolean): Promise<BenchTiming> {
  const frames = await browser.load(scene, 'color', measure ? { maskScale: DEFAULT_MASK_SCALE } : null);
  return timedCpu(frames, async () => {
    for (let f = 0; f < frames; f++) await browser.goToFrame(f);
  });
}

async function encodeAll(o: BenchOptions, images: Buffer[], format: FrameFormat, extra: Pick<EncodeSettings, 'conversion' | 'threads'>, outFile: string): Promise<BenchTiming> {
  const { scene } = o;
  return timedCpu(images.length, async () => {
    const encoder = startEncoder({ ffmpegPath: o.ffmpeg.ffmpeg, outFile, settings: { ...extra, width: scene.width, height: scene.height, fps: scene.fps, input: format } });
    for (const image of images) await encoder.write(image);
    await encoder.finish();
  });
}

/**
 * Benchmark one size, every mode on the same scene and frames, one after another in one run:
 * the page's drawing alone; each capture path (the canvas's own pixels as JPEG and PNG, beginFrame,
 * and in an ordinary browser Page.captureScreenshot) on a still page and stepping the eye; encode
 * alone (zscale and swscale, x264 threads); the full pipeline; a plain page.screenshot() loop.
 * Each browser draws frame 0 once untimed first (the renderer paints its per-size layers then).
 */
export async function benchSize(o: BenchOptions): Promise<BenchRow> {
  const { scene } = o;
  const size = `${scene.width}x${scene.height}`;
  const tmp = mkdtempSync(join(tmpdir(), 'eye-bench-'));
  const session = createBrowserSession({ executable: o.executable, capture: 'auto', format: 'jpeg', width: scene.width, height: scene.height });
  try {
    const browser = await session.get();
    const chosen = { method: browser.method, format: browser.format, probe: browser.probe };
    // Warm up: the first frame of a size paints the renderer's static layers; fluent-ffmpeg's one-off
    // capability queries run on its first command.
    await browser.load(scene, 'color');
    const warm = await browser.frame(0);
    await encodeAll(o, [warm], chosen.format, {}, join(tmp, 'warm.mp4'));

    o.log(`${size}: drawing alone`);
    const drawing = await drawAll(browser, scene, true);
    const drawingColorOnly = await drawAll(browser, scene, false);

    // Compositor-free paths first, then beginFrame, all in the deterministic browser.
    const paths: [CaptureMethod, FrameFormat][] = [
      ['canvas', 'jpeg'],
      ['canvas', 'png'],
      ['beginFrame', 'jpeg'],
    ];
    const captures: CaptureTiming[] = [];
    const imagesOf = new Map<string, Buffer[]>();
    for (const [method, format] of browser.deterministic ? paths : []) {
      const path = `${method}/${format}`;
      o.log(`${size}: capture ${path}`);
      browser.setCapture(method, format);
      let frames = await browser.load(scene, 'color');
      await browser.goToFrame(1);
      // Frame numbers still advance (beginFrame's frame time must), but the page is not stepped.
      const still = await timedCpu(frames, async () => {
        for (let f = 1; f <= frames; f++) await browser.grab(f);
      });
      frames = await browser.load(scene, 'color', { maskScale: DEFAULT_MASK_SCALE });
      const images: Buffer[] = [];
      // As many calls in flight as the render keeps for this path, so this is the pipeline's capture floor.
      const depth = framesInFlight(method);
      const eye = await timedCpu(frames, async () => {
        for await (const image of framesAhead(frames, depth, (f) => browser.frame(f))) images.push(image);
      });
      imagesOf.set(path, images);
      captures.push({ path, method, format, still, eye, identicalToDefault: null });
    }
    browser.setCapture(chosen.method, chosen.format);
    const defaultPath = `${chosen.method}/${chosen.format}`;
    const defaults = imagesOf.get(defaultPath) ?? [];
    for (const c of captures) {
      const mine = imagesOf.get(c.path)!;
      if (c.format === chosen.format && defaults.length === mine.length) c.identicalToDefault = mine.filter((b, i) => sha(b) === sha(defaults[i])).length;
    }

    const encode: BenchRow['encode'] = [];
    if (defaults.length > 0) {
      for (const conversion of ['zscale', 'swscale'] as const) {
        for (const threads of conversion === 'zscale' ? o.threads : o.threads.slice(0, 1)) {
          o.log(`${size}: encode alone, ${conversion}, x264 threads ${threads}`);
          encode.push({ conversion, threads, timing: await encodeAll(o, defaults, chosen.format, { conversion, threads }, join(tmp, `encode-${conversion}-${threads}.mp4`)) });
        }
      }
    }
    imagesOf.clear();

    /** One pipeline run: wall from the summary's own clock (load to the film's last byte, not ffprobe, stills or the era's spread), CPU over the same span. */
    const pipelineRun = async (name: string, encode: Pick<EncodeSettings, 'conversion' | 'threads'>): Promise<BenchTiming> => {
      const sampler = renderCpuSampler();
      const summary = await renderScene(scene, { session, ffmpeg: o.ffmpeg, outDir: join(tmp, name), holdSpread: false, encode, onFrame: sampler.onFrame, onEncoded: sampler.onEncoded });
      return sampler.timing(summary);
    };
    const pipeline: BenchRow['pipeline'] = [];
    for (const threads of o.threads) {
      o.log(`${size}: full pipeline, x264 threads ${threads}`);
      pipeline.push({ threads, timing: await pipelineRun(`pipeline-${threads}`, { threads }) });
    }
    let pipelineBefore: BenchTiming | null = null;
    if (browser.deterministic) {
      o.log(`${size}: full pipeline as before (beginFrame, swscale, x264's own threads)`);
      browser.setCapture('beginFrame', 'jpeg');
      pipelineBefore = await pipelineRun('pipeline-before', { conversion: 'swscale', threads: 0 });
      browser.setCapture(chosen.method, chosen.format);
    }
    await session.close();

    o.log(`${size}: Page.captureScreenshot and page.screenshot loop (ordinary browser)`);
    const plain = await launchEyeBrowser({ executable: o.executable, capture: 'screenshot', format: 'jpeg', width: scene.width, height: scene.height });
    let pageScreenshot: BenchTiming;
    try {
      let frames = await plain.load(scene, 'color');
      await plain.frame(0);
      await plain.plainScreenshot();
      await plain.goToFrame(1);
      const still = await timedCpu(frames, async () => {
        for (let f = 1; f <= frames; f++) await plain.grab(f);
      });
      frames = await plain.load(scene, 'color', { maskScale: DEFAULT_MASK_SCALE });
      const eye = await timedCpu(frames, async () => {
        for (let f = 0; f < frames; f++) await plain.frame(f);
      });
      captures.push({ path: 'screenshot/jpeg', method: 'screenshot', format: 'jpeg', still, eye, identicalToDefault: null });
      frames = await plain.load(scene, 'color', { maskScale: DEFAULT_MASK_SCALE });
      pageScreenshot = await timedCpu(frames, async () => {
        for (let f = 0; f < frames; f++) {
          await plain.goToFrame(f);
          await plain.plainScreenshot();
        }
      });
    } finally {
      await plain.close();
    }

    const row = {
      size,
      scene: scene.name,
      frames: Math.round(scene.durationS * scene.fps),
      capture: chosen,
      drawing,
      drawingColorOnly,
      captures,
      encode,
      pipeline,
      pipelineBefore,
      pageScreenshot,
    };
    return { ...row, ratios: benchRatios(row) };
  } finally {
    await session.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
