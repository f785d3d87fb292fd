import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { fileKind } from '../../../node/io/file-kind.ts';
import { probeFilm } from '../../../node/ffmpeg/probe-film.ts';

/** What stills need to know about an encoded film. */
export interface FilmInfo {
  file: string;
  fps: number;
  frames: number;
  width: number;
  height: number;
  /** ffprobe's color_space / color_range: how to turn its YUV back into RGB. */
  colorSpace: string;
  colorRange: string;
}

/**
 * Probe any film for its rate, frame count and size. A missing file, a folder or a device, or something ffprobe
 * cannot read as video is bad input (exit 2) with a one-line reason.
 */
export async function openFilm(ffprobePath: string, file: string): Promise<FilmInfo> {
  const path = resolve(file);
  if (!existsSync(path)) throw new CliError(EXIT.badInput, `no film at ${safeText(path)}`);
  const stats = statSync(path);
  if (!stats.isFile()) throw new CliError(EXIT.badInput, `${safeText(path)} is ${fileKind(stats)}, not a film`);
  let probe;
  try {
    probe = await probeFilm(ffprobePath, path);
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? (err instanceof Error ? err.message : err));
    const why = stderr.trim().split('\n').filter(Boolean).pop() ?? 'ffprobe failed';
    throw new CliError(EXIT.badInput, `${path}: not a video ffprobe can read (${why.replace(`${path}: `, '')})`);
  }
  if (!probe.width || !probe.height) throw new CliError(EXIT.badInput, `${path}: no video stream in it`);
  if (!(probe.fps > 0)) throw new CliError(EXIT.badInput, `${path}: ffprobe finds no frame rate`);
  // MP4 headers say nb_frames; other containers may not, and the packet count stands in.
  const frames = probe.frames || probe.packets;
  if (!(frames > 0)) throw new CliError(EXIT.badInput, `${path}: the video stream has no frames`);
  return { file: path, fps: probe.fps, frames, width: probe.width, height: probe.height, colorSpace: probe.colorSpace, colorRange: probe.colorRange };
}
