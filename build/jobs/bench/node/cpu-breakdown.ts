import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scene } from '../../../scene/scene.ts';
import { cpuParts, type CpuPart, type StageCpu } from '../core/cpu-parts.ts';
import { framesAhead } from '../../render/core/frames-ahead.ts';
import { imageLength, writeImage, type FrameImage } from '../../../node/browser/capture-frame.ts';
import type { EyeBrowser } from '../../../node/browser/launch-eye-browser.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { ffmpegStageArgs, type FfmpegStage } from '../../../node/ffmpeg/ffmpeg-args.ts';
import type { FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import type { BenchTree } from './bench-tree.ts';
import type { BenchTiming } from './tree-cpu-ms.ts';
import { renderCpuSampler, timedCpu } from './tree-cpu-ms.ts';
import { ONE_PIXEL_READ, pageLoop } from './page-loop.ts';

/** One tree's CPU breakdown at one size: every stage's timing, the parts, and the pipeline's ratios. */
export interface CpuBreakdown {
  tree: string;
  size: string;
  frames: number;
  stages: Record<keyof StageCpu, BenchTiming>;
  parts: CpuPart[];
  /** Pipeline CPU less the colour drawing (issue 20's aim: ≤ 22 ms at 1280×720). */
  beyondColourCpuMs: number;
  /** Pipeline wall ÷ max(capture wall, film encode wall) (aim ≤ 1.15). */
  pipelineOverFloor: number;
  /** Mean bytes of one captured image (what crosses CDP and ffmpeg decodes), and of the film per frame. */
  imageBytes: number;
  filmBytesPerFrame: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;



/** ffmpeg fed `images` (as they arrived: bytes, or base64 from CDP) on stdin; resolves when it has exited 0. */
async function runFfmpeg(ffmpeg: string, args: string[], images: readonly FrameImage[]): Promise<void> {
  const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.on('error', () => undefined);
  const exited = once(child, 'exit');
  for (const image of images) if (!writeImage(child.stdin, image)) await once(child.stdin, 'drain');
  child.stdin.end();
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`bench: ffmpeg ${args.join(' ')} failed: ${stderr.trim().split('\n').pop()}`);
}

/**
 * Time each stage of one tree's pipeline at the scene's size, every stage over the scene's frames
 * (frame 0 is drawn by load; the page stages draw frames 1…n), one after another in one browser of
 * that tree; then that tree's full render of the same scene in the same browser. CPU is the whole
 * process tree's (Node, the browser's processes, ffmpeg once reaped).
 */
export async function cpuBreakdown(tree: BenchTree, scene: Scene, ffmpeg: FfmpegTools, log: (s: string) => void): Promise<CpuBreakdown> {
  const size = `${scene.width}x${scene.height}`;
  const tmp = mkdtempSync(join(tmpdir(), 'eye-bench-parts-'));
  const session = tree.createBrowserSession({ executable: findBrowser(), capture: 'auto', format: tree.colourFormat, width: scene.width, height: scene.height });
  try {
    const browser: EyeBrowser = await session.get();
    const frames = await browser.load(scene, 'color');
    await browser.frame(0); // paints the size's layers
    const n = frames - 1;
    const inPage = async (measure: boolean, then: string) => {
      await browser.load(scene, 'color', measure ? tree.measure : null);
      return timedCpu(n, async () => {
        await browser.runInPage(pageLoop(n, then));
      });
    };
    const encodeImage = `n += (await ${tree.imageExpression(browser.format)}).length;`;
    // Warm up: one untimed pass of the fullest page stage (colour, mask and in-page encode). The page's
    // code is compiled as it first runs: optimised on background threads, and measured over the first
    // 59 frames of a fresh browser that compilation was ~12 of the colour stage's ~29 CPU-ms a frame
    // (1970-script at 1280×720, Chromium 156), a one-off that a film's hundreds of frames amortise and a
    // stage timed first paid alone. Every stage is then timed warm, as the pipeline that follows runs.
    await inPage(true, encodeImage);
    log(`${tree.label} ${size}: page stages`);
    const draw = await inPage(false, ONE_PIXEL_READ);
    const drawMask = await inPage(true, ONE_PIXEL_READ);
    const encode = await inPage(true, encodeImage);
    await browser.load(scene, 'color', tree.measure);
    await browser.goToFrame(0);
    const images: FrameImage[] = [];
    const depth = browser.method === 'canvas' ? 2 : 1;
    // A tree from before the POST carrier has frameBase64, the same call with base64 only.
    const old = browser as unknown as { frameBase64?: (f: number) => Promise<FrameImage> };
    const frameImage = 'frameImage' in browser ? (f: number) => browser.frameImage(f) : (f: number) => old.frameBase64!(f);
    const capture = await timedCpu(n, async () => {
      for await (const image of framesAhead(n, depth, (f) => frameImage(f + 1))) images.push(image);
    });
    log(`${tree.label} ${size}: ffmpeg stages`);
    const args = tree.ffmpegArgs({ width: scene.width, height: scene.height, fps: scene.fps, input: browser.format });
    const stage = (s: FfmpegStage) => timedCpu(n, () => runFfmpeg(ffmpeg.ffmpeg, ffmpegStageArgs(args, s), images));
    const decode = await stage('decode');
    const convert = await stage('convert');
    const filmFile = join(tmp, 'film.mp4');
    const film = await timedCpu(n, () => runFfmpeg(ffmpeg.ffmpeg, ['-v', 'error', ...args.inputOptions, '-i', 'pipe:0', ...args.outputOptions, '-y', filmFile], images));
    log(`${tree.label} ${size}: full pipeline`);
    const sampler = renderCpuSampler();
    const summary = await tree.renderScene(scene, { session, ffmpeg, outDir: join(tmp, 'pipeline'), holdSpread: false, onFrame: sampler.onFrame, onEncoded: sampler.onEncoded });
    const pipeline = sampler.timing(summary);
    const stages = { draw, drawMask, encode, capture, decode, convert, film, pipeline };
    const cpu = Object.fromEntries(Object.entries(stages).map(([k, t]) => [k, t.cpuMs ?? Number.NaN])) as unknown as StageCpu;
    const { parts, beyondColour } = cpuParts(cpu);
    const imageBytes = Math.round(images.reduce((s, i) => s + imageLength(i), 0) / images.length);
    return {
      tree: tree.label,
      size,
      frames: n,
      stages,
      parts,
      beyondColourCpuMs: beyondColour,
      pipelineOverFloor: r2(pipeline.wallMs / Math.max(capture.wallMs, film.wallMs)),
      imageBytes,
      filmBytesPerFrame: Math.round(summary.film.bytes / summary.frames),
    };
  } finally {
    await session.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
