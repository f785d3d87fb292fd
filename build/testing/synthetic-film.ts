import { spawn } from 'node:child_process';
import { ffmpegArgs } from '../node/ffmpeg/ffmpeg-args.ts';

/**
 * Test support: a tiny film whose every frame carries its own index, to prove a decoded still is
 * exactly the frame asked for. The top half is 8 blocks, white for a 1 bit of the frame index (bit 7
 * on the left); the bottom right is a fixed skin-like patch whose colour after the round trip shows
 * the YUV ↔ RGB conversion is right. Encoded with the proof films' own settings (ffmpeg-args.ts).
 */
export const SYNTH = { width: 160, height: 96, fps: 30, bits: 8, patch: [224, 172, 150] as const } as const;

export function syntheticFrame(k: number): Buffer {
  const { width, height, bits, patch } = SYNTH;
  const rgb = Buffer.alloc(width * height * 3);
  const block = width / bits;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      let c: readonly number[];
      if (y < height / 2) c = (k >> (bits - 1 - Math.floor(x / block))) & 1 ? [255, 255, 255] : [0, 0, 0];
      else if (x >= width / 2) c = patch;
      else c = [(40 + k * 7) % 256, 96, 160];
      rgb[i] = c[0];
      rgb[i + 1] = c[1];
      rgb[i + 2] = c[2];
    }
  }
  return rgb;
}

/** Read the index back from the blocks of an RGB image whose (x0, y0, scale) places a frame. */
export function readFrameIndex(rgb: Buffer, imageWidth: number, x0 = 0, y0 = 0, scale = 1): number {
  const { width, height, bits } = SYNTH;
  const block = width / bits;
  let k = 0;
  for (let b = 0; b < bits; b++) {
    const x = x0 + Math.floor((b * block + block / 2) * scale);
    const y = y0 + Math.floor((height / 4) * scale);
    const i = (y * imageWidth + x) * 3;
    k = (k << 1) | (rgb[i] + rgb[i + 1] + rgb[i + 2] > 3 * 128 ? 1 : 0);
  }
  return k;
}

/** Encode `frames` synthetic frames into `file` (H.264 like a proof film). */
export async function encodeSyntheticFilm(ffmpegPath: string, file: string, frames: number): Promise<void> {
  const { width, height, fps } = SYNTH;
  const out = ffmpegArgs({ width, height, fps, input: 'png' }).outputOptions;
  const args = ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-framerate', String(fps), '-i', 'pipe:0', ...out, '-y', file];
  const child = spawn(ffmpegPath, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  for (let k = 0; k < frames; k++) {
    if (!child.stdin.write(syntheticFrame(k))) await new Promise((r) => child.stdin.once('drain', r));
  }
  child.stdin.end();
  const code = await done;
  if (code !== 0) throw new Error(`ffmpeg could not encode the synthetic film (exit ${code}): ${stderr.trim()}`);
}
