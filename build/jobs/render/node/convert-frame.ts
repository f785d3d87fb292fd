import { spawnSync } from 'node:child_process';
import type { FrameFormat } from '../../../node/browser/capture-frame.ts';

/**
 * One captured image through a colour conversion filter (COLOUR_FILTERS), out as raw yuv420p (what x264 is given):
 * the pixels two conversions can be compared on, without the encoder's own loss in between.
 */
export function convertFrame(ffmpegPath: string, image: Buffer, format: FrameFormat, filter: string): Buffer {
  const r = spawnSync(
    ffmpegPath,
    ['-v', 'error', '-f', 'image2pipe', '-c:v', format === 'png' ? 'png' : 'mjpeg', '-i', 'pipe:0', '-vf', filter, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'],
    { input: image, maxBuffer: 1 << 28 },
  );
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`ffmpeg (${filter}) failed: ${r.stderr.toString().trim().split('\n').slice(-2).join(' | ')}`);
  return r.stdout;
}
