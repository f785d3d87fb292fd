import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { stillArgs, stillFrame } from '../core/still-args.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { ffmpegFailure } from '../../render/node/encode-film.ts';
import { diffTools, framesOf, probeInput } from './diff-tools.ts';

const run = promisify(execFile);

/** WebP quality for the report's stills: a 640-px still of the eye is ~20–40 kB, so a page of them stays a few MB. */
export const STILL_WEBP_QUALITY = 70;

/**
 * Stills of a film at the given times, for the report's baseline-beside-current view: each the frame
 * on screen at that time (stillFrame), scaled to `width` (height kept in proportion), as a lossy
 * WebP in outDir named by its frame (frame-000123.webp: one folder per film, two films' stills of the
 * same frame would share a name). Each is written whole (atomically). Returns their paths in the
 * order of timesS. A time outside the film is exit 2.
 */
export async function writeFilmStills(opts: { film: string; timesS: number[]; outDir: string; width: number; ffmpegPath?: string }): Promise<string[]> {
  if (!Number.isInteger(opts.width) || opts.width < 16 || opts.width > 4096) throw new CliError(EXIT.badInput, `still width ${opts.width}: expected an integer from 16 to 4096 px`);
  const tools = diffTools(opts.ffmpegPath);
  const { path, probe } = await probeInput(tools.ffprobe, opts.film, 'film');
  const frames = framesOf(probe);
  let wanted: number[];
  try {
    wanted = opts.timesS.map((t) => stillFrame(t, probe.fps, frames));
  } catch (err) {
    throw new CliError(EXIT.badInput, `${safeText(path)}: ${(err as Error).message}`);
  }
  const outDir = resolve(opts.outDir);
  ensureOutDir(outDir);
  const written = new Map<number, string>();
  for (const frame of wanted) {
    if (written.has(frame)) continue;
    let png: Buffer;
    try {
      ({ stdout: png } = await run(tools.ffmpeg, stillArgs({ film: path, frame, fps: probe.fps }), { encoding: 'buffer', maxBuffer: 1 << 28 }));
    } catch (err) {
      const e = err as { message?: string; stderr?: Buffer };
      throw new CliError(EXIT.internal, `a still of ${safeText(path)} at frame ${frame}: ${ffmpegFailure(e.message ?? String(err), e.stderr?.toString() ?? '')}`);
    }
    if (png.length === 0) throw new CliError(EXIT.internal, `a still of ${safeText(path)} at frame ${frame}: ffmpeg wrote no image`);
    const webp = await sharp(png).resize({ width: opts.width, kernel: 'lanczos3' }).webp({ quality: STILL_WEBP_QUALITY }).toBuffer();
    const file = join(outDir, `frame-${String(frame).padStart(6, '0')}.webp`);
    writeFileAtomic(file, webp);
    written.set(frame, file);
  }
  return wanted.map((f) => written.get(f)!);
}
