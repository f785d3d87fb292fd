import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { tempDir } from '../../../testing/temp-dir.ts';
import { startEncoder, EncoderError } from './encode-film.ts';
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
});
