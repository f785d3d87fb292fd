import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import { ffmpegArgs, type EncodeSettings } from './ffmpeg-args.ts';

/**
 * The one module that drives ffmpeg (through fluent-ffmpeg, whose upstream is archived: keep it behind
 * this interface). Frames are written to ffmpeg's stdin as they are made; `write` resolves once ffmpeg
 * has room for more, so a slow encoder holds the capture back instead of piling frames up in memory.
 */
export interface FilmEncoder {
  /** Queue one image; resolves when the pipe has drained (back-pressure). Rejects if ffmpeg failed. */
  write(image: Buffer): Promise<void>;
  /** No more frames: resolves when ffmpeg has written the whole file and exited 0. */
  finish(): Promise<void>;
  /** Stop at once (Ctrl-C, a failed scene): SIGKILL ffmpeg. */
  kill(): void;
}

export class EncoderError extends Error {
  constructor(
    message: string,
    /** The machine's error behind it (ENOSPC: ffmpeg's disk filled), when ffmpeg said so. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'EncoderError';
  }
}

/** ffmpeg's words for the machine's failures (its own "Conversion failed!" hides them). */
const FFMPEG_ENV_ERRORS: readonly [RegExp, string][] = [
  [/No space left on device/i, 'ENOSPC'],
  [/Disk quota exceeded/i, 'EDQUOT'],
  [/Read-only file system/i, 'EROFS'],
  [/Permission denied/i, 'EACCES'],
];

export function startEncoder(o: { ffmpegPath: string; outFile: string; settings: EncodeSettings }): FilmEncoder {
  const args = ffmpegArgs(o.settings);
  // Small buffer: at most about one frame waits in Node; the OS pipe holds the rest.
  const input = new PassThrough({ highWaterMark: 1 << 16 });
  let failure: EncoderError | null = null;
  let killed = false;
  const command = ffmpeg({ stdoutLines: 0 })
    .setFfmpegPath(o.ffmpegPath)
    .input(input)
    .inputOptions(...args.inputOptions)
    .output(o.outFile)
    .outputOptions(...args.outputOptions);
  const done = new Promise<void>((resolve, reject) => {
    command.on('end', () => resolve());
    command.on('error', (err: Error, _stdout: string | null, stderr: string | null) => {
      const first = err.message.split('\n')[0].trim();
      const lastLines = (stderr ?? '').trim().split('\n').slice(-3).join(' | ');
      const more = lastLines && !first.includes(lastLines) ? ` (${lastLines})` : '';
      const code = FFMPEG_ENV_ERRORS.find(([re]) => re.test(stderr ?? ''))?.[1];
      failure = new EncoderError(killed ? 'ffmpeg was stopped' : `ffmpeg failed: ${first}${more}`, killed ? undefined : code);
      input.destroy();
      reject(failure);
    });
  });
  done.catch(() => undefined);
  // ffmpeg is spawned after fluent-ffmpeg's capability check: a kill asked for before then lands here.
  command.on('start', () => {
    if (killed) command.kill('SIGKILL');
  });
  command.run();

  return {
    async write(image) {
      if (failure) throw failure;
      if (!input.write(image)) {
        await Promise.race([once(input, 'drain'), done.then(() => Promise.reject(new EncoderError('ffmpeg exited before the film was finished')))]);
      }
      if (failure) throw failure;
    },
    async finish() {
      if (failure) throw failure;
      input.end();
      await done;
    },
    kill() {
      killed = true;
      command.kill('SIGKILL');
    },
  };
}
