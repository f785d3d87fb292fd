import { assetsFor } from '../../render/assets/assets-for.ts';
import { xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { PAGE_SIZE, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

/** A patch (mm box) of the painted skin layer. */
exposed.skinLayerPatch = (x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number) => {
  const a = assetsFor(W, H);
  const f = a.frame;
  const x = Math.round(xPx(f, x0Mm));
  const y = Math.round(yPx(f, y1Mm));
  const w = Math.round(xPx(f, x1Mm)) - x;
  const h = Math.round(yPx(f, y0Mm)) - y;
  return { w, h, rgba: Array.from(a.skin.ctx.getImageData(x, y, w, h).data) };
};
