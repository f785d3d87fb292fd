import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import type { FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { openFilm } from './open-film.ts';
import { writeStills, type StillsIndex } from './write-stills.ts';

export interface MomentsResult {
  kind: 'moments';
  /** The stills folder written. */
  out: string;
  index: StillsIndex;
}

/**
 * `eye look FILM --moments`: a rendered scene's stills (the sheet and the named moments) made again
 * from its film and the trace.json beside it — for films rendered before stills existed, or to look
 * again. Not a scene's film (no trace.json beside it, or one for another rate) is bad input, exit 2.
 */
export async function runLookMoments(ffmpeg: FfmpegTools, filmPath: string): Promise<MomentsResult> {
  const film = await openFilm(ffmpeg.ffprobe, filmPath);
  const dir = dirname(film.file);
  const tracePath = join(dir, 'trace.json');
  if (!existsSync(tracePath)) throw new CliError(EXIT.badInput, `--moments needs the trace.json eye render writes beside its film; there is none in ${dir}`);
  let trace: { scene?: { fps?: unknown }; columns?: { tMs?: unknown } };
  try {
    trace = JSON.parse(readFileSync(tracePath, 'utf8')) as typeof trace;
  } catch (err) {
    throw new CliError(EXIT.badInput, `${tracePath}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  if (typeof trace.scene?.fps !== 'number' || !Array.isArray(trace.columns?.tMs)) throw new CliError(EXIT.badInput, `${tracePath}: not a trace eye render wrote (no scene.fps or columns.tMs)`);
  if (Math.abs(trace.scene.fps - film.fps) > 1e-6) throw new CliError(EXIT.badInput, `${tracePath} is at ${trace.scene.fps} fps but ${film.file} at ${film.fps}: not this film's trace`);
  const index = await writeStills(dir, ffmpeg, basename(film.file));
  return { kind: 'moments', out: resolve(dir, 'stills'), index };
}
