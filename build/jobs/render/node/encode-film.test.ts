import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
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
});
