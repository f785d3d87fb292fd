import { paintBrow } from '../../render/assets/brow.ts';
import { browLowerMm, browUpperMm, browXMm } from '../../render/geometry/brow-shape.ts';
import { eyeFrame, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { PAGE_SIZE, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

// The brow's layer at rest (tint, ridge shadow and hair, as painted once per size): the opacity of
// its pixels inside the band, between its lower and upper edges, over a stretch of it (u0 … u1, 0 the
// head … 1 the tail), as its median and its barest tenth. At the head the blurred hairs cover most
// pixels, so the barest tenth is what lies on the skin between them; over the body the hair covers
// most of the band, and the median reads it.
exposed.browOpacity = (u0: number, u1: number) => {
  const f = eyeFrame(W, H);
  const layer = paintBrow(f);
  const { width, height } = layer.canvas;
  const a = layer.canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  const got: number[] = [];
  for (let k = 0; k <= 200; k++) {
    const u = u0 + ((u1 - u0) * k) / 200;
    const x = Math.round(xPx(f, browXMm(u))) - layer.xPx;
    const top = Math.ceil(yPx(f, browUpperMm(u))) - layer.yPx;
    const bottom = Math.floor(yPx(f, browLowerMm(u))) - layer.yPx;
    for (let y = top; y <= bottom; y++) if (x >= 0 && x < width && y >= 0 && y < height) got.push(a[(y * width + x) * 4 + 3] / 255);
  }
  got.sort((p, q) => p - q);
  const q = (k: number) => got[Math.floor((got.length - 1) * k)];
  return { n: got.length, median: q(0.5), p10: q(0.1) };
};
