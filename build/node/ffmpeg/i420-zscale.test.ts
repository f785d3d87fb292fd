import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createI420Converter, FILM_CHROMA_KERNEL } from '../../core/video/i420.ts';
import sharp from 'sharp';
import { COLOUR_FILTERS, ffmpegArgs } from './ffmpeg-args.ts';
import { findFfmpeg } from './find-ffmpeg.ts';

/**
 * ffmpeg's own I420 of raw RGBA frames, by the films' zscale chain (as bench-raw-capture's lossless
 * reference). One filter thread: with more, vf_zscale converts horizontal slices of the frame apart,
 * each with its own edges (see the last case).
 */
function ffmpegI420(rgba: Uint8Array, width: number, height: number, frames: number, filterThreads = 1): Buffer {
  const args = ['-v', 'error', '-filter_threads', String(filterThreads), '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-i', 'pipe:0', '-vf', `format=gbrp,${COLOUR_FILTERS.zscale}`, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'];
  const r = spawnSync(findFfmpeg().ffmpeg, args, { input: rgba, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(r.stderr.toString());
  expect(r.stdout.length).toBe((width * height * 3 * frames) / 2);
  return r.stdout;
}

/** Frames that try the conversion: noise (every colour, every edge), a hard-edged disc, gradients, pure primaries at the borders. */
function testFrames(width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4 * 3);
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
  for (let f = 0; f < 3; f++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = ((f * height + y) * width + x) * 4;
        let rgb: [number, number, number];
        if (f === 0) rgb = [rand(), rand(), rand()];
        else if (f === 1) rgb = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2 ? [250, 20, 40] : [20, 60, 240];
        else rgb = x < 2 || y < 2 ? [255, 0, 255] : [Math.round((255 * x) / width), Math.round((255 * y) / height), (x * y) & 255];
        out.set([...rgb, 255], p);
      }
    }
  }
  return out;
}

describe("I420 in JavaScript, against the films' own zscale (the reference it reproduces)", () => {
  it.each([
    [64, 36],
    [1280, 720],
  ])('%ix%i: every sample within 1 level, nearly all equal', (width, height) => {
    const rgba = testFrames(width, height);
    const reference = ffmpegI420(rgba, width, height, 3);
    const convert = createI420Converter(width, height, FILM_CHROMA_KERNEL);
    const frame = new Uint8Array(convert.bytes);
    const luma = width * height;
    let lumaOff = 0;
    let lumaMax = 0;
    let chromaMax = 0;
    let chromaOff = 0;
    for (let f = 0; f < 3; f++) {
      convert.convert(rgba.subarray(f * luma * 4, (f + 1) * luma * 4), frame);
      const ref = reference.subarray(f * convert.bytes, (f + 1) * convert.bytes);
      for (let i = 0; i < convert.bytes; i++) {
        const d = Math.abs(frame[i] - ref[i]);
        if (i < luma) {
          lumaMax = Math.max(lumaMax, d);
          lumaOff += d > 0 ? 1 : 0;
        } else {
          chromaMax = Math.max(chromaMax, d);
          chromaOff += d > 0 ? 1 : 0;
        }
      }
    }
    // Off by one only where a sum lands within float32's reach of a half (zimg rounds float32, this float64):
    // measured at 1280x720, 11 of 2,764,800 luma samples and 2 of 1,382,400 chroma; at 64x36 none.
    expect(lumaMax).toBeLessThanOrEqual(1);
    expect(lumaOff / (3 * luma)).toBeLessThan(1e-4);
    expect(chromaMax).toBeLessThanOrEqual(1);
    expect(chromaOff / (3 * (convert.bytes - luma))).toBeLessThan(0.01);
  });

  it('a box filter instead of the kernel would not pass: the test can fail', () => {
    const [width, height] = [64, 36];
    const rgba = testFrames(width, height);
    const reference = ffmpegI420(rgba, width, height, 3);
    const box = createI420Converter(width, height, { b: 1, c: 0 }); // B-spline: a blurrier kernel
    const frame = new Uint8Array(box.bytes);
    box.convert(rgba.subarray(0, width * height * 4), frame);
    let max = 0;
    for (let i = width * height; i < box.bytes; i++) max = Math.max(max, Math.abs(frame[i] - reference[i]));
    expect(max).toBeGreaterThan(1);
  });

  it("ffmpeg's zscale itself gives other chroma with 2 or 3 filter threads than with 1: the slices' edges (so a film's pixels depend on the encoding machine's cores)", () => {
    const [width, height] = [256, 144];
    const rgba = testFrames(width, height).subarray(0, width * height * 4);
    const [one, two, three] = [1, 2, 3].map((t) => ffmpegI420(rgba, width, height, 1, t));
    const rows = (a: Buffer, b: Buffer) => {
      const cw = width / 2;
      const off = new Set<number>();
      for (let i = width * height; i < a.length; i++) if (a[i] !== b[i]) off.add(Math.floor(((i - width * height) % ((cw * height) / 2)) / cw));
      return [...off].sort((x, y) => x - y);
    };
    expect(two.subarray(0, width * height).equals(one.subarray(0, width * height))).toBe(true); // luma is not resampled
    expect(rows(one, two).length).toBeGreaterThan(0);
    expect(rows(one, three).length).toBeGreaterThan(0);
    // Only near the slices' edges: the middle chroma row of two slices (36 of 72) and its neighbours.
    expect(rows(one, two).every((r) => Math.abs(r - 36) <= 4)).toBe(true);
  });

  it("the film's own command line converts as one thread does, whatever the machine's cores (failed before it set -filter_threads: rows at the seams of ffmpeg's default 3 slices)", async () => {
    const [width, height] = [256, 144];
    const rgba = testFrames(width, height).subarray(0, width * height * 4);
    const png = await sharp(Buffer.from(rgba), { raw: { width, height, channels: 4 } }).png().toBuffer();
    const film = ffmpegArgs({ width, height, fps: 30, input: 'png' });
    const vf = film.outputOptions[film.outputOptions.indexOf('-vf') + 1];
    const r = spawnSync(findFfmpeg().ffmpeg, ['-v', 'error', ...film.inputOptions, '-i', 'pipe:0', '-vf', vf, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'], { input: png, maxBuffer: 1 << 26 });
    expect(r.status, r.stderr.toString()).toBe(0);
    const convert = createI420Converter(width, height, FILM_CHROMA_KERNEL);
    const frame = new Uint8Array(convert.bytes);
    convert.convert(rgba, frame);
    let max = 0;
    for (let i = 0; i < frame.length; i++) max = Math.max(max, Math.abs(frame[i] - r.stdout[i]));
    expect(r.stdout.length).toBe(convert.bytes);
    expect(max).toBeLessThanOrEqual(1);
  });

  it('odd sizes and wrong buffers are refused, naming what is expected', () => {
    expect(() => createI420Converter(63, 36, FILM_CHROMA_KERNEL)).toThrow(/even integers/);
    const c = createI420Converter(4, 2, FILM_CHROMA_KERNEL);
    expect(() => c.convert(new Uint8Array(31), new Uint8Array(12))).toThrow(/expected 32 bytes in and 12 out/);
  });
});
