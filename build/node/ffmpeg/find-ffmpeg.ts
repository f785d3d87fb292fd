import { dirname, join } from 'node:path';
import { CliError, EXIT } from '../../errors/exit.ts';
import { findOnPath, isExecutable } from '../browser/find-executable.ts';

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

const INSTALL_HINT = 'install ffmpeg (Debian: apt-get install ffmpeg), or set FFMPEG_PATH (and FFPROBE_PATH)';

/**
 * ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH if set (ffprobe defaults to the one beside
 * FFMPEG_PATH), else from PATH. Missing: an environment error (exit 3) saying what to install.
 */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): FfmpegTools {
  let ffmpeg: string | null;
  if (env.FFMPEG_PATH) {
    if (!isExecutable(env.FFMPEG_PATH)) throw new CliError(EXIT.environment, `no ffmpeg at FFMPEG_PATH=${env.FFMPEG_PATH}: ${INSTALL_HINT}`);
    ffmpeg = env.FFMPEG_PATH;
  } else {
    ffmpeg = findOnPath(['ffmpeg'], env.PATH);
    if (!ffmpeg) throw new CliError(EXIT.environment, `no ffmpeg found: ${INSTALL_HINT}`);
  }
  let ffprobe: string | null;
  if (env.FFPROBE_PATH) {
    if (!isExecutable(env.FFPROBE_PATH)) throw new CliError(EXIT.environment, `no ffprobe at FFPROBE_PATH=${env.FFPROBE_PATH}: ${INSTALL_HINT}`);
    ffprobe = env.FFPROBE_PATH;
  } else {
    const beside = join(dirname(ffmpeg), 'ffprobe');
    ffprobe = isExecutable(beside) ? beside : findOnPath(['ffprobe'], env.PATH);
    if (!ffprobe) throw new CliError(EXIT.environment, `no ffprobe found (it ships with ffmpeg): ${INSTALL_HINT}`);
  }
  return { ffmpeg, ffprobe };
}
