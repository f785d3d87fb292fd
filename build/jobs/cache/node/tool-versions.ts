import { execFile } from 'node:child_process';
import { CliError, EXIT } from '../../../errors/exit.ts';

/** The first line a tool prints for `--version` / `-version` (an environment error if it cannot run). */
function firstLine(path: string, flag: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(path, [flag], { encoding: 'utf8', timeout: 30_000 }, (err, stdout) => {
      if (err) reject(new CliError(EXIT.environment, `cannot run ${path} ${flag}: ${err.message.split('\n')[0]}`));
      else resolve(stdout.split('\n')[0].trim());
    });
  });
}

/**
 * The browser's and the encoder's versions, asked of the executables themselves (before any browser
 * starts, so a fully cached run never launches one): a new Chromium or ffmpeg may draw or encode
 * different bytes, so either one changes every film's key. Both asked at once, beside the code's
 * hashing (film-code.ts): the browser's wrapper script alone took 0.2–0.5 s, waited for in turn.
 */
export async function toolVersions(browserPath: string, ffmpegPath: string): Promise<{ browser: string; encoder: string }> {
  const [browser, encoder] = await Promise.all([firstLine(browserPath, '--version'), firstLine(ffmpegPath, '-version')]);
  return { browser, encoder };
}
