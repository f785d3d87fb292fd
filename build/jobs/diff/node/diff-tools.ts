import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { fileKind } from '../../../node/io/file-kind.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { ownedPrefix, sweepOwned } from '../../../node/io/owned-temp.ts';
import { ffmpegFailure } from '../../render/node/encode-film.ts';
import { findFfmpeg, type FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { probeFilm, type FilmProbe } from '../../../node/ffmpeg/probe-film.ts';

const run = promisify(execFile);

/** The diff's temporary folders in the system's temp folder (swept once their owner is gone). */
const DIFF_TEMP = /^eye-diff-(\d+)-/;

/** ffmpeg and ffprobe: the given ffmpeg (its ffprobe beside it or on PATH), else the project's discovery. */
export function diffTools(ffmpegPath?: string): FfmpegTools {
  return findFfmpeg(ffmpegPath ? { ...process.env, FFMPEG_PATH: ffmpegPath } : process.env);
}

/** A film named by a caller: resolved, a regular file, and a video ffprobe can read (exit 2 otherwise). */
export async function probeInput(ffprobe: string, film: string, role: string): Promise<{ path: string; probe: FilmProbe }> {
  const path = resolve(film);
  let kind: string;
  try {
    kind = fileKind(statSync(path));
  } catch {
    throw new CliError(EXIT.badInput, `${role} ${safeText(path)}: no such file`);
  }
  if (kind !== 'a regular file') throw new CliError(EXIT.badInput, `${role} ${safeText(path)} is ${kind}, not a film`);
  let probe: FilmProbe;
  try {
    probe = await probeFilm(ffprobe, path);
  } catch {
    throw new CliError(EXIT.badInput, `${role} ${safeText(path)}: ffprobe cannot read it as a film`);
  }
  if (!probe.width || !probe.height) throw new CliError(EXIT.badInput, `${role} ${safeText(path)}: no video stream`);
  return { path, probe };
}

/** A film's frame count: the stream header's, or the packets counted where the header has none. */
export const framesOf = (p: FilmProbe): number => p.frames || p.packets;

/** Run ffmpeg to completion; its failure is an internal error saying ffmpeg's own last words, escaped. */
export async function runFfmpeg(ffmpeg: string, args: string[], what: string, cwd?: string): Promise<void> {
  try {
    await run(ffmpeg, args, { maxBuffer: 1 << 24, cwd });
  } catch (err) {
    const e = err as { message?: string; stderr?: string };
    throw new CliError(EXIT.internal, `${what}: ${ffmpegFailure(e.message ?? String(err), e.stderr ?? '')}`);
  }
}

/**
 * A fresh temporary folder owned by this process for `work`, removed after it (and on Ctrl-C when
 * the CLI handles interrupts; one left by a killed run is swept by the next).
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  sweepOwned(tmpdir(), DIFF_TEMP);
  const dir = mkdtempSync(join(tmpdir(), ownedPrefix('eye-diff-')));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const forget = onInterrupt(remove);
  try {
    return await work(dir);
  } finally {
    forget();
    remove();
  }
}
