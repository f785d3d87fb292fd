import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { differenceArgs, PSNR_STATS_FILE, SSIM_STATS_FILE } from '../core/difference-args.ts';
import { parsePsnrStats, parseSsimStats } from '../core/difference-stats.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { diffTools, framesOf, probeInput, runFfmpeg, withTempDir } from './diff-tools.ts';

/**
 * Two films' picture difference, frame by frame, from ffmpeg's own ssim and psnr filters: ssim[i] and
 * psnrDb[i] compare the current film's frame i with the baseline's frame i (SSIM 1 and PSNR Infinity
 * where they are identical). The films must have the same size, frame rate and frame count (exit 2 saying
 * which differs): a diff of films that do not line up frame for frame would blame the picture for a timing
 * change. Both are decoded to yuv420p (the proof films' format).
 */
export async function frameDifference(opts: { baselineFilm: string; currentFilm: string; ffmpegPath?: string }): Promise<{ ssim: number[]; psnrDb: number[] }> {
  const tools = diffTools(opts.ffmpegPath);
  const base = await probeInput(tools.ffprobe, opts.baselineFilm, 'baseline film');
  const current = await probeInput(tools.ffprobe, opts.currentFilm, 'current film');
  const [b, c] = [base.probe, current.probe];
  if (b.width !== c.width || b.height !== c.height) {
    throw new CliError(EXIT.badInput, `the films differ in size: baseline ${b.width}x${b.height}, current ${c.width}x${c.height} (render both at one size to compare their pictures)`);
  }
  if (b.fps !== c.fps) {
    throw new CliError(EXIT.badInput, `the films differ in frame rate: baseline ${b.fps} fps, current ${c.fps} fps (render both at one fps to compare their pictures)`);
  }
  const frames = framesOf(b);
  if (framesOf(c) !== frames) {
    throw new CliError(EXIT.badInput, `the films differ in length: baseline ${frames} frames, current ${framesOf(c)} (render both at one duration and fps to compare their pictures)`);
  }
  return withTempDir(async (dir) => {
    await runFfmpeg(tools.ffmpeg, differenceArgs({ baselineFilm: base.path, currentFilm: current.path }), 'comparing the films', dir);
    const ssim = parseSsimStats(readFileSync(join(dir, SSIM_STATS_FILE), 'utf8'));
    const psnrDb = parsePsnrStats(readFileSync(join(dir, PSNR_STATS_FILE), 'utf8'));
    // Every frame compared once: a count short of the header's means a frame failed to decode.
    if (ssim.length !== frames || psnrDb.length !== frames) {
      throw new CliError(EXIT.internal, `ffmpeg compared ${ssim.length} frames by SSIM and ${psnrDb.length} by PSNR of the films' ${frames}`);
    }
    return { ssim, psnrDb };
  });
}
