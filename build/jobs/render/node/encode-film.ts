import type { Writable } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import { writeImage, type FrameImage } from '../../../node/browser/capture-frame.ts';
import { ffmpegArgs, type EncodeSettings } from '../../../node/ffmpeg/ffmpeg-args.ts';
import { safeText } from '../../../errors/safe-text.ts';

/**
 * The one module that drives ffmpeg (through fluent-ffmpeg, whose upstream is archived: keep it behind
 * this interface). Frames are written straight into ffmpeg's stdin as they are made; `write` resolves
 * once ffmpeg has room for more, so a slow encoder holds the capture back instead of piling frames up
 * in memory.
 *
 * A frame may be handed over as the base64 text the page sent: the pipe decodes it natively into
 * memory freed as soon as the write is done. A Buffer per frame instead is an ArrayBuffer that only a
 * full garbage collection frees, and with a small JS heap those are rare: a long 720p render's Node
 * process grew by the frames' size, ~12 MB a second, to 6.9 GB over a whole `./make.sh`.
 */
export interface FilmEncoder {
  /** Queue one image (bytes, or base64 text); resolves when the pipe has drained (back-pressure). Rejects if ffmpeg failed. */
  write(image: FrameImage): Promise<void>;
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

/** ffmpeg's banner and progress lines: its version, build, libraries, streams, `frame=` counters, its closing "Conversion failed!" (none says why it failed). */
const FFMPEG_CHATTER = /^\s*(Conversion failed!|Exiting normally|ffmpeg version|built with|configuration:|lib(av|sw|postproc)\w*\s|Input #|Output #|Stream|Metadata|Duration:|encoder\s*:|Side data|frame=|Press \[q\]|\[libx264 @ [^\]]+\] (using|profile|264 - core))/;

/**
 * The one line that says why ffmpeg failed: killed by a signal is just that (its stderr then holds only
 * its banner); else its last line that is not banner or progress, escaped.
 */
export function ffmpegFailure(message: string, stderr: string): string {
  const signal = /killed with signal (\w+)/.exec(message)?.[1];
  if (signal) return `ffmpeg was killed (${signal})`;
  const said = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !FFMPEG_CHATTER.test(l))
    .pop();
  const first = message.split('\n')[0].trim();
  return `ffmpeg failed: ${safeText(said && !first.includes(said) ? `${first} (${said})` : first)}`;
}

export function startEncoder(o: { ffmpegPath: string; outFile: string; settings: EncodeSettings }): FilmEncoder {
  const args = ffmpegArgs(o.settings);
  let failure: EncoderError | null = null;
  let killed = false;
  // No input stream for fluent-ffmpeg to pipe: frames go into ffmpeg's own stdin (no PassThrough hop
  // holding each frame's bytes), once fluent-ffmpeg has spawned it.
  const command = ffmpeg({ stdoutLines: 0 })
    .setFfmpegPath(o.ffmpegPath)
    .input('pipe:0')
    .inputOptions(...args.inputOptions)
    .output(o.outFile)
    .outputOptions(...args.outputOptions);
  const done = new Promise<void>((resolve, reject) => {
    command.on('end', () => resolve());
    command.on('error', (err: Error, _stdout: string | null, stderr: string | null) => {
      const code = FFMPEG_ENV_ERRORS.find(([re]) => re.test(stderr ?? ''))?.[1];
      failure = new EncoderError(killed ? 'ffmpeg was stopped' : ffmpegFailure(err.message, stderr ?? ''), killed ? undefined : code);
      stdin?.destroy();
      reject(failure);
    });
  });
  done.catch(() => undefined);
  const exitedEarly = done.then(() => Promise.reject(new EncoderError('ffmpeg exited before the film was finished')));
  exitedEarly.catch(() => undefined);
  let stdin: Writable | null = null;
  // ffmpeg is spawned after fluent-ffmpeg's capability check: frames and a kill asked for before then wait for it.
  const started = new Promise<Writable>((resolve) => {
    command.on('start', () => {
      if (killed) command.kill('SIGKILL');
      stdin = (command as unknown as { ffmpegProc: { stdin: Writable } }).ffmpegProc.stdin;
      stdin.on('error', () => undefined); // a write after ffmpeg died: its own error event says why
      resolve(stdin);
    });
  });
  command.run();
  const ready = () => Promise.race([started, exitedEarly]);
  // Room in the pipe again. A write into an ffmpeg that has died fails with EPIPE before fluent-ffmpeg
  // reports the exit (events.once would reject with that EPIPE): ffmpeg's own exit says why, so wait for it.
  const drained = (pipe: Writable) =>
    new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        pipe.off('error', onError);
        resolve();
      };
      const onError = () => {
        pipe.off('drain', onDrain);
        done.then(() => reject(new EncoderError('ffmpeg exited before the film was finished')), reject);
      };
      pipe.once('drain', onDrain);
      pipe.once('error', onError);
    });

  return {
    async write(image) {
      if (failure) throw failure;
      const pipe = stdin ?? (await ready());
      const room = writeImage(pipe, image);
      if (!room) await Promise.race([drained(pipe), exitedEarly]);
      if (failure) throw failure;
    },
    async finish() {
      if (failure) throw failure;
      (stdin ?? (await ready())).end();
      await done;
    },
    kill() {
      killed = true;
      command.kill('SIGKILL');
    },
  };
}
