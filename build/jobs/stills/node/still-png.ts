import sharp from 'sharp';
import type { RgbFrame } from './decode-frames.ts';

/** One decoded frame as a PNG, full size, its pixels untouched (no label: a still is the film's frame). */
export function stillPng(f: RgbFrame): Promise<Buffer> {
  return sharp(f.rgb, { raw: { width: f.width, height: f.height, channels: 3 } }).png().toBuffer();
}
