import { classifyMaskPixel, type MaskColor } from '../../render/mask-contract.ts';
import type { RgbaFrame } from './rgba-frame.ts';

/**
 * Whether the mask pass draws a class at all: some pixels of nearly its pure colour. Nearest-colour
 * classification alone cannot say, since an antialiased skin/sclera edge (255, 128, 128) is as near
 * to brow yellow as to white; a class that is really drawn has flat areas of its own colour.
 */
export function maskHasClass(mask: RgbaFrame, c: Pick<MaskColor, 'r' | 'g' | 'b'>, minPixels = 50): boolean {
  let n = 0;
  for (let j = 0; j < mask.data.length; j += 4) {
    if (Math.abs(mask.data[j] - c.r) + Math.abs(mask.data[j + 1] - c.g) + Math.abs(mask.data[j + 2] - c.b) <= 24 && ++n >= minPixels) return true;
  }
  return false;
}

/** Each pixel of a mask frame as its class name (nearest mask colour, antialiased edges included). */
export function maskClasses(mask: RgbaFrame): MaskColor['name'][] {
  const n = mask.width * mask.height;
  const out = new Array<MaskColor['name']>(n);
  const cache = new Map<number, MaskColor['name']>();
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const key = (mask.data[j] << 16) | (mask.data[j + 1] << 8) | mask.data[j + 2];
    let name = cache.get(key);
    if (name === undefined) {
      name = classifyMaskPixel(mask.data[j], mask.data[j + 1], mask.data[j + 2]).name;
      cache.set(key, name);
    }
    out[i] = name;
  }
  return out;
}
