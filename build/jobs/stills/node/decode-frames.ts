import { spawn } from 'node:child_process';
import { decodeArgs, type DecodeRequest } from '../core/decode-args.ts';

/** One decoded frame: packed RGB, width · height · 3 bytes. */
export interface RgbFrame {
  frame: number;
  width: number;
  height: number;
  rgb: Buffer;
}

export class DecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecodeError';
  }
}

/** Keep this much of ffmpeg's stderr for the error message. */
const STDERR_KEPT = 8192;

/**
 * Decode the requested frames of a film with one ffmpeg process and hand them over one at a time, in
 * order, as they arrive (only the frame being handed over is held: a sheet of a long film never piles
 * up full-size frames). `onFrame` may be async; the pipe waits for it. Fewer frames than asked for,
 * or ffmpeg failing, is a DecodeError.
 */
export async function decodeFrames(
  o: DecodeRequest & { ffmpegPath: string; width: number; height: number },
  onFrame: (f: RgbFrame) => void | Promise<void>,
): Promise<void> {
  const args = decodeArgs(o);
  const size = o.width * o.height * 3;
  const child = spawn(o.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (s: string) => {
    stderr = (stderr + s).slice(-STDERR_KEPT);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError?: Error }>((resolve) => {
    child.on('error', (spawnError) => resolve({ code: null, signal: null, spawnError }));
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  let got = 0;
  let buf = Buffer.allocUnsafe(size);
  let filled = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(size - filled, chunk.length - at);
        chunk.copy(buf, filled, at, at + n);
        filled += n;
        at += n;
        if (filled === size) {
          if (got >= o.frames.length) throw new DecodeError(`ffmpeg gave more than the ${o.frames.length} frame(s) asked for`);
          const rgb = buf;
          buf = Buffer.allocUnsafe(size);
          filled = 0;
          await onFrame({ frame: o.frames[got], width: o.width, height: o.height, rgb });
          got++;
        }
      }
    }
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    throw err;
  }
  const { code, signal, spawnError } = await exited;
  if (spawnError) throw new DecodeError(`could not run ffmpeg (${o.ffmpegPath}): ${spawnError.message}`);
  const said = stderr.trim().split('\n').slice(-3).join(' | ');
  if (code !== 0) throw new DecodeError(`ffmpeg could not decode ${o.film} (${signal ?? `exit ${code}`})${said ? `: ${said}` : ''}`);
  if (got < o.frames.length || filled !== 0) {
    const missing = o.frames.slice(got);
    throw new DecodeError(
      `${o.film}: ffmpeg gave ${got} of ${o.frames.length} frame(s); missing ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ', …' : ''}` +
        ` (past the film's last decodable frame?)${said ? `: ${said}` : ''}`,
    );
  }
}
