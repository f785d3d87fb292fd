import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_DIFFERENCE_FILE, localDifferenceArgs, parseLocalDifference } from '../core/local-difference.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { diffTools, framesOf, probeInput, runFfmpeg, withTempDir } from './diff-tools.ts';

/**
 * Per frame, the largest local change between two films of one size and length: the luma difference
 * blurred by `sigmaPx`, its maximum (0–255). What SSIM over the whole frame cannot see: a catchlight
 * dimmed by half moves a 640×360 frame's SSIM less than a capture's rounding does (0.989 against
 * 0.978), but leaves a spot 11–27 levels brighter where rounding leaves ≤ 8 (tolerances.ts).
 */
export async function localDifference(opts: { baselineFilm: string; currentFilm: string; sigmaPx: number; ffmpegPath?: string }): Promise<number[]> {
  const tools = diffTools(opts.ffmpegPath);
  const base = await probeInput(tools.ffprobe, opts.baselineFilm, 'baseline film');
  const current = await probeInput(tools.ffprobe, opts.currentFilm, 'current film');
  const frames = framesOf(base.probe);
  return withTempDir(async (dir) => {
    await runFfmpeg(tools.ffmpeg, localDifferenceArgs({ baselineFilm: base.path, currentFilm: current.path, sigmaPx: opts.sigmaPx }), 'measuring the local difference', dir);
    const v = parseLocalDifference(readFileSync(join(dir, LOCAL_DIFFERENCE_FILE), 'utf8'));
    if (v.length !== frames || framesOf(current.probe) !== frames) throw new CliError(EXIT.internal, `ffmpeg measured ${v.length} frames of the films' ${frames} and ${framesOf(current.probe)}`);
    return v;
  });
}
