import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import type { FfmpegTools } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { DecodeError, decodeFrames, type RgbFrame } from './decode-frames.ts';
import { evenlySpaced, formatSeconds, FrameSpecError, frameTimeMsOf, parseFrameRange, parseFrameSpec, STRIP_MAX_FRAMES, type PickedFrame } from '../core/frame-spec.ts';
import { openFilm, type FilmInfo } from './open-film.ts';
import { SheetBuilder } from './sheet-builder.ts';
import { stillPng } from './still-png.ts';
import { outputFile } from '../../../node/io/contain.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';

export type LookRequest =
  | { kind: 'still'; at: string }
  | { kind: 'sheet'; count: number; columns: number; tileWidth: number }
  | { kind: 'strip'; range: string; columns: number; tileWidth: number };

export interface LookResult {
  kind: LookRequest['kind'];
  /** The PNG written. */
  out: string;
  film: string;
  fps: number;
  filmFrames: number;
  width: number;
  height: number;
  /** The PNG's size. */
  outWidth: number;
  outHeight: number;
  /** The frames in it, with the time each shows. */
  frames: { frame: number; tMs: number }[];
  /** For --at: what was asked and the frame it maps to (round(t · fps)). */
  request?: PickedFrame;
}

/**
 * `eye look`: a still, a contact sheet or a strip taken from any encoded film, by decoding exactly
 * the frames it needs. The PNG goes to `out`, or beside the film (film.frame-102.png,
 * film.sheet.png, film.frames-30-42.png). Bad input — no such film, not a video, a time outside it,
 * an unwritable place — is exit 2 with a one-line reason.
 */
export async function runLook(ffmpeg: FfmpegTools, filmPath: string, req: LookRequest, out?: string): Promise<LookResult> {
  const film = await openFilm(ffmpeg.ffprobe, filmPath);
  const clock = { fps: film.fps, frames: film.frames };
  let frames: number[];
  let request: PickedFrame | undefined;
  try {
    if (req.kind === 'still') {
      request = parseFrameSpec(req.at, clock);
      frames = [request.frame];
    } else if (req.kind === 'sheet') {
      frames = evenlySpaced(req.count, film.frames);
    } else {
      const { from, to } = parseFrameRange(req.range, clock, STRIP_MAX_FRAMES);
      frames = Array.from({ length: to.frame - from.frame + 1 }, (_, i) => from.frame + i);
    }
  } catch (err) {
    if (err instanceof FrameSpecError) throw new CliError(EXIT.badInput, `${film.file}: ${err.message}`);
    throw err;
  }
  const file = outPath(film, req, frames, out);

  const label = (n: number) => `F${n} ${formatSeconds(frameTimeMsOf(n, film.fps))}`;
  let png: Buffer | null = null;
  let size = { width: film.width, height: film.height };
  const sheet =
    req.kind === 'still'
      ? null
      : new SheetBuilder(
          {
            count: frames.length,
            columns: req.kind === 'sheet' ? req.columns : Math.min(req.columns, frames.length),
            tileWidth: req.tileWidth,
            frameWidth: film.width,
            frameHeight: film.height,
            labelLines: 1,
            title: true,
          },
          `${basename(film.file)} · ${req.kind === 'sheet' ? `${frames.length} of ${film.frames} frames` : `frames ${frames[0]}-${frames[frames.length - 1]}`} ${film.width}x${film.height} @ ${+film.fps.toFixed(3)} fps`,
        );
  try {
    await decodeFrames({ ffmpegPath: ffmpeg.ffmpeg, film: film.file, width: film.width, height: film.height, colorSpace: film.colorSpace, colorRange: film.colorRange, frames }, async (f: RgbFrame) => {
      if (sheet) await sheet.add(frames.indexOf(f.frame), f, [label(f.frame)]);
      else png = await stillPng(f);
    });
  } catch (err) {
    // ffprobe read the film, but its frames do not decode: a broken film, so bad input.
    if (err instanceof DecodeError) throw new CliError(EXIT.badInput, err.message);
    throw err;
  }
  if (sheet) {
    png = await sheet.png();
    size = { width: sheet.layout.width, height: sheet.layout.height };
  }
  try {
    writeFileAtomic(file, png!);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code) throw new CliError(EXIT.environment, `cannot write ${file}: ${e.code} ${e.message.split('\n')[0]}`);
    throw err;
  }
  return {
    kind: req.kind,
    out: file,
    film: film.file,
    fps: film.fps,
    filmFrames: film.frames,
    width: film.width,
    height: film.height,
    outWidth: size.width,
    outHeight: size.height,
    frames: frames.map((frame) => ({ frame, tMs: frameTimeMsOf(frame, film.fps) })),
    ...(request ? { request } : {}),
  };
}

/** Where the PNG goes: `out` if given (its folder must exist), else beside the film. */
function outPath(film: FilmInfo, req: LookRequest, frames: number[], out?: string): string {
  if (out !== undefined) {
    const file = resolve(out);
    if (extname(file).toLowerCase() !== '.png') throw new CliError(EXIT.badInput, `--out ${file}: a still is a PNG; name it *.png`);
    if (!existsSync(dirname(file)) || !statSync(dirname(file)).isDirectory()) throw new CliError(EXIT.badInput, `--out ${file}: no folder ${dirname(file)}`);
    if (existsSync(file) && statSync(file).isDirectory()) throw new CliError(EXIT.badInput, `--out ${file} is a folder; give a file name`);
    // Before decoding: not into a cache entry or a scene's folder, and over nothing but a regular file.
    return outputFile(file);
  }
  const stem = join(dirname(film.file), basename(film.file, extname(film.file)));
  if (req.kind === 'still') return `${stem}.frame-${frames[0]}.png`;
  if (req.kind === 'sheet') return `${stem}.sheet.png`;
  return `${stem}.frames-${frames[0]}-${frames[frames.length - 1]}.png`;
}
