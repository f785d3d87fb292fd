import { execFileSync } from 'node:child_process';
import { CliError, EXIT } from '../../../errors/exit.ts';

/** The first line a tool prints for `--version` / `-version` (an environment error if it cannot run). */
function firstLine(path: string, flag: string): string {
  try {
    return execFileSync(path, [flag], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 }).split('\n')[0].trim();
  } catch (err) {
    throw new CliError(EXIT.environment, `cannot run ${path} ${flag}: ${(err as Error).message.split('\n')[0]}`);
  }
}

/**
 * The browser's and the encoder's versions, asked of the executables themselves (~0.1 s each, before
 * any browser starts, so a fully cached run never launches one): a new Chromium or ffmpeg may draw or
 * encode different bytes, so either one changes every film's key.
 */
export function toolVersions(browserPath: string, ffmpegPath: string): { browser: string; encoder: string } {
  return { browser: firstLine(browserPath, '--version'), encoder: firstLine(ffmpegPath, '-version') };
}
