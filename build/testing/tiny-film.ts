import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFfmpeg } from '../node/ffmpeg/find-ffmpeg.ts';

/** A tiny film as a proof film is encoded (H.264 High, yuv420p, BT.709 tags, +faststart). */
export const TINY_FILM = { width: 320, height: 180, fps: 30, frames: 15 } as const;

let made: string | null = null;

/** Copy a tiny proof-like film (ffmpeg's testsrc, made once per test file) to `file`. */
export function tinyFilm(file: string): string {
  if (!made || !existsSync(made)) {
    made = join(mkdtempSync(join(tmpdir(), 'eye-tiny-film-')), 'film.mp4');
    const { width, height, fps, frames } = TINY_FILM;
    execFileSync(findFfmpeg().ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${fps}`, '-frames:v', String(frames), '-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-movflags', '+faststart', made]);
  }
  copyFileSync(made, file);
  return file;
}
