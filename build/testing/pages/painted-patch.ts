/**
 * A box (mm about the eye's centre) of one of the layers painted once per size (assets-for.ts): the
 * skin alone, or the face (the skin with the upper lid's skin on it), read back as RGBA. The skin
 * pages' measures all start from one.
 */
import { assetsFor } from '../../render/assets/assets-for.ts';
import { xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { PAGE_SIZE } from './page-kit.ts';

export function paintedPatch(layer: 'skin' | 'face', x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number): { w: number; h: number; data: Uint8ClampedArray } {
  const a = assetsFor(PAGE_SIZE.widthPx, PAGE_SIZE.heightPx);
  const f = a.frame;
  const x = Math.round(xPx(f, x0Mm));
  const y = Math.round(yPx(f, y1Mm));
  const w = Math.round(xPx(f, x1Mm)) - x;
  const h = Math.round(yPx(f, y0Mm)) - y;
  return { w, h, data: (layer === 'face' ? a.face : a.skin).ctx.getImageData(x, y, w, h).data };
}
