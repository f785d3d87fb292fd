import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { tempDir } from '../../../testing/temp-dir.ts';
import { startEncoder, EncoderError } from './encode-film.ts';
import { ffmpegArgs } from '../../../node/ffmpeg/ffmpeg-args.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { environmentError } from '../../../errors/environment-error.ts';
import { EXIT } from '../../../errors/exit.ts';

describe('startEncoder', () => {
  // /dev/full takes every write with ENOSPC: a full disk under the film, without filling one.
  it('a full disk is ENOSPC, which the render reports as exit 3, not "Conversion failed!"', async () => {
    const { ffmpeg } = findFfmpeg();
    const frame = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 150, b: 120 } } }).jpeg().toBuffer();
    const encoder = startEncoder({ ffmpegPath: ffmpeg, outFile: '/dev/full', settings: { width: 64, height: 64, fps: 30, input: 'jpeg' } });
    const failed = (async () => {
      for (let i = 0; i < 30; i++) await encoder.write(frame);
      await encoder.finish();
    })();
    const err = await failed.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EncoderError);
    expect((err as EncoderError).code).toBe('ENOSPC');
    const env = environmentError(err, 'write the film under', '/out');
    expect(env?.exitCode).toBe(EXIT.environment);
    expect(env?.message).toBe('cannot write the film under /out: no space left on the device (ENOSPC)');
  }, 30_000);

  // A frame bigger than the pipe holds makes the write wait for 'drain'; the dead ffmpeg's pipe then
  // errs with EPIPE first. The error must still be ffmpeg's own last words, not "write EPIPE" (seen in
  // a clean clone's suite, where ffmpeg died before the first frame was taken).
  it("an ffmpeg that dies before reading a frame is reported in its own words, not as the pipe's EPIPE", async () => {
    const { ffmpeg } = findFfmpeg();
    const dir = tempDir('eye-encoder-');
    const fake = join(dir, 'ffmpeg-dies.sh');
    writeFileSync(fake, `#!/bin/sh\ncase "$1" in -formats|-encoders|-codecs|-filters) exec ${ffmpeg} "$@";; esac\necho "Invalid data found when processing input (simulated)" >&2\nexit 1\n`);
    chmodSync(fake, 0o755);
    for (let round = 0; round < 3; round++) {
      const encoder = startEncoder({ ffmpegPath: fake, outFile: join(dir, 'film.mp4'), settings: { width: 64, height: 64, fps: 30, input: 'jpeg' } });
      const big = Buffer.alloc(4 << 20, 0xff);
      const err = await (async () => {
        for (let i = 0; i < 4; i++) await encoder.write(big);
        await encoder.finish();
      })().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(EncoderError);
      expect((err as EncoderError).message).toMatch(/^ffmpeg failed: .*Invalid data found when processing input \(simulated\)/);
    }
  }, 30_000);

  // The film's own i420 arguments, made lossless, must give back exactly the samples the page sent:
  // ffmpeg converts nothing on the way (no range, matrix or chroma resampling of its own).
  it('i420 frames reach x264 as they were written: the film\'s arguments at CRF 0 decode to the same bytes', () => {
    const { ffmpeg } = findFfmpeg();
    const dir = tempDir('eye-i420-lossless-');
    const [w, h, frames] = [64, 48, 4];
    const raw = Buffer.alloc((w * h * 3 * frames) / 2);
    let seed = 11;
    for (let i = 0; i < raw.length; i++) raw[i] = 16 + ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) % 220;
    const a = ffmpegArgs({ width: w, height: h, fps: 30, input: 'i420', crf: 0 });
    // High refuses CRF 0 (lossless needs High 4:4:4 Predictive); the rest is the film's own.
    const out = a.outputOptions.map((v, i) => (a.outputOptions[i - 1] === '-profile:v' ? 'high444' : v));
    const film = join(dir, 'film.mp4');
    const enc = spawnSync(ffmpeg, ['-v', 'error', ...a.inputOptions, '-i', 'pipe:0', ...out, '-y', film], { input: raw });
    expect(enc.status, enc.stderr.toString()).toBe(0);
    const dec = spawnSync(ffmpeg, ['-v', 'error', '-i', film, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'], { maxBuffer: 1 << 24 });
    expect(dec.status, dec.stderr.toString()).toBe(0);
    expect(dec.stdout.equals(raw)).toBe(true);
  }, 30_000);
});
