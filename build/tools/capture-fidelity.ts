// The capture format's JPEG quality and x264's preset, chosen by measurement (issue 20; docs/speed-capture.md):
// `npx tsx build/tools/capture-fidelity.ts [--size 1280x720] [--frames 60] [--rounds 3] [--scenes 1970-script,2026-script]
//   [--qualities 95,90,85,80] [--presets veryfast,superfast,ultrafast,faster]`
// Per scene: the canvas's lossless PNG of every frame (the reference, through the film's own colour conversion
// to yuv420p); for each JPEG quality, the page's encode CPU per frame (draw+encode less draw, median of the
// rounds) and the image's size; for each quality × preset, ffmpeg's CPU per frame making the film from those
// JPEGs, the film's bytes per frame, and its PSNR and SSIM against the reference.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fidelityArgs, parseFidelity, type Fidelity } from '../jobs/bench/core/fidelity.ts';
import { findBrowser } from '../node/browser/find-browser.ts';
import { launchEyeBrowser } from '../node/browser/launch-eye-browser.ts';
import { COLOUR_FILTERS, ffmpegArgs, X264_PRESETS, type ColourConversion, type X264Preset } from '../node/ffmpeg/ffmpeg-args.ts';
import { findFfmpeg } from '../node/ffmpeg/find-ffmpeg.ts';
import { treeCpuMs } from '../jobs/bench/node/tree-cpu-ms.ts';
import { loadScene } from '../node/io/load-scene.ts';
import { withSettings } from '../scene/parse.ts';
import { toolArgs } from './tool-args.ts';

const { opt, has, fail, int, size } = toolArgs('capture-fidelity');
const [width, height] = size('size', '1280x720');
const frames = int('frames', 60, 10, 600);
const rounds = int('rounds', 3, 1, 9);
const scenes = opt('scenes', '1970-script,2026-script').split(',');
const qualities = opt('qualities', '95,90,85,80').split(',').map(Number);
if (qualities.some((q) => !(Number.isInteger(q) && q >= 50 && q <= 100))) fail('--qualities expects integers from 50 to 100');
const presets = opt('presets', 'veryfast,superfast,ultrafast,faster').split(',') as X264Preset[];
if (presets.some((p) => !X264_PRESETS.includes(p))) fail(`--presets expects names from ${X264_PRESETS.join(', ')}`);

const ffmpeg = findFfmpeg().ffmpeg;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const tmp = mkdtempSync(join(tmpdir(), 'eye-fidelity-'));

/** ffmpeg fed `images`; resolves with its CPU ms (reaped) when it exits 0. */
async function ffmpegCpu(argv: string[], images: Buffer[]): Promise<number> {
  const c0 = treeCpuMs()!;
  const child = spawn(ffmpeg, argv, { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = once(child, 'exit');
  for (const image of images) if (!child.stdin.write(image)) await once(child.stdin, 'drain');
  child.stdin.end();
  const [code] = (await exited) as [number];
  if (code !== 0) throw new Error(`ffmpeg failed: ${err.trim().split('\n').pop()}`);
  return treeCpuMs()! - c0;
}

interface Row {
  scene: string;
  quality: number;
  preset: X264Preset;
  conversion: ColourConversion;
  encodeCpuMs: number;
  imageKb: number;
  ffmpegCpuMs: number;
  filmKbPerFrame: number;
  fidelity: Fidelity;
}
const rows: Row[] = [];
const line = (r: Row) => {
  const f = r.fidelity;
  return `| ${r.scene} | ${r.quality} | ${r.preset}${r.conversion === 'zscale' ? '' : ` (${r.conversion})`} | ${r.encodeCpuMs.toFixed(1)} | ${r.imageKb.toFixed(0)} | ${r.ffmpegCpuMs.toFixed(1)} | ${r.filmKbPerFrame.toFixed(1)} | ${(r.encodeCpuMs + r.ffmpegCpuMs).toFixed(1)} | ${f.psnrY.toFixed(2)} / ${f.psnrAll.toFixed(2)} | ${f.ssimY.toFixed(4)} / ${f.ssimAll.toFixed(4)} |\n`;
};
const browser = await launchEyeBrowser({ executable: findBrowser(), capture: 'canvas', format: 'jpeg', width, height });
try {
  for (const name of scenes) {
    const scene = withSettings(loadScene(name), { width, height, durationS: (frames + 1) / loadScene(name).fps });
    process.stderr.write(`capture-fidelity: ${name} ${width}x${height}: lossless frames\n`);
    await browser.load(scene, 'color');
    await browser.frame(0);
    await browser.load(scene, 'color');
    const png: Buffer[] = [];
    for (let f = 0; f < frames; f++) {
      await browser.goToFrame(f);
      png.push(Buffer.from(String(await browser.runInPage(`window.__eye.image('png', 1)`)), 'base64'));
    }
    const reference = join(tmp, `${name}.yuv`);
    const ref = spawnSync(ffmpeg, ['-v', 'error', '-f', 'image2pipe', '-c:v', 'png', '-i', 'pipe:0', '-vf', COLOUR_FILTERS.zscale, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-y', reference], { input: Buffer.concat(png), maxBuffer: 1 << 20 });
    if (ref.status !== 0) throw new Error(`reference: ${ref.stderr.toString()}`);
    // The page's encode CPU per quality: frames drawn and encoded in one page call, less frames only drawn.
    const loop = (then: string) => `(() => { const c = document.querySelector('canvas').getContext('2d'); let n = 0; for (let f = 1; f < ${frames}; f++) { window.__eye.goToFrame(f); ${then} } return n; })()`;
    const cpuOf = async (then: string) => {
      await browser.load(scene, 'color');
      const c0 = treeCpuMs()!;
      await browser.runInPage(loop(then));
      return (treeCpuMs()! - c0) / (frames - 1);
    };
    const encodeCpu = new Map<number, number[]>();
    for (let r = 0; r < rounds; r++) {
      const draw = await cpuOf('c.getImageData(0, 0, 1, 1);');
      for (const q of r % 2 ? [...qualities].reverse() : qualities) encodeCpu.set(q, [...(encodeCpu.get(q) ?? []), (await cpuOf(`n += window.__eye.image('jpeg', ${q / 100}).length;`)) - draw]);
    }
    for (const q of qualities) {
      process.stderr.write(`capture-fidelity: ${name}: JPEG q${q}\n`);
      await browser.load(scene, 'color');
      const jpeg: Buffer[] = [];
      for (let f = 0; f < frames; f++) {
        await browser.goToFrame(f);
        jpeg.push(Buffer.from(String(await browser.runInPage(`window.__eye.image('jpeg', ${q / 100})`)), 'base64'));
      }
      // The colour conversion the films used before (swscale) beside today's, at today's quality and
      // preset: how far that accepted change moved the film from the lossless frames, on the same scale.
      const variants: [X264Preset, ColourConversion][] = [...presets.map((p): [X264Preset, ColourConversion] => [p, 'zscale']), ...(q === qualities[0] ? [[presets[0], 'swscale'] as [X264Preset, ColourConversion]] : [])];
      for (const [preset, conversion] of variants) {
        const film = join(tmp, `${name}-${q}-${preset}-${conversion}.mp4`);
        const a = ffmpegArgs({ width, height, fps: scene.fps, input: 'jpeg', preset, conversion });
        const cpus: number[] = [];
        for (let r = 0; r < rounds; r++) cpus.push(await ffmpegCpu(['-v', 'error', ...a.inputOptions, '-i', 'pipe:0', ...a.outputOptions, '-y', film], jpeg));
        const fid = spawnSync(ffmpeg, fidelityArgs(film, reference, width, height, scene.fps), { maxBuffer: 1 << 24 });
        rows.push({
          scene: name,
          quality: q,
          preset,
          conversion,
          encodeCpuMs: median(encodeCpu.get(q)!),
          imageKb: jpeg.reduce((s, b) => s + b.length, 0) / frames / 1000,
          ffmpegCpuMs: median(cpus) / frames,
          filmKbPerFrame: statSync(film).size / frames / 1000,
          fidelity: parseFidelity(fid.stderr.toString()),
        });
        process.stderr.write(`capture-fidelity: ${line(rows[rows.length - 1])}`);
      }
    }
  }
} finally {
  await browser.close();
  rmSync(tmp, { recursive: true, force: true });
}
if (has('json')) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
else {
  const head = '| scene | JPEG q | x264 preset | page encode CPU ms | image kB | ffmpeg CPU ms | film kB/frame | CPU ms (encode + ffmpeg) | PSNR Y / all (dB) | SSIM Y / all |';
  process.stdout.write(`${width}x${height}, ${frames} frames, CPU the median of ${rounds} rounds; fidelity against the lossless PNG frames through the film's colour conversion\n\n${head}\n|${'---|'.repeat(10)}\n`);
  for (const r of rows) process.stdout.write(line(r));
}
