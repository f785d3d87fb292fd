import { assetsFor } from '../../render/assets/assets-for.ts';
import { creaseMm } from '../../render/geometry/crease.ts';
import { xMmOf, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { restLowerMarginMm, restUpperMarginMm } from '../../render/geometry/lid-shape.ts';
import type { EraId } from '../../scene/scene.ts';
import { gazeSample } from '../eye-samples.ts';
import { PAGE_SIZE, drawPass, exposed, lumaAt } from './page-kit.ts';
import { paintedPatch } from './painted-patch.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

/** A patch (mm box) of the painted skin layer. */
exposed.skinLayerPatch = (x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number) => {
  const { w, h, data } = paintedPatch('skin', x0Mm, x1Mm, y0Mm, y1Mm);
  return { w, h, rgba: Array.from(data) };
};

/**
 * Mean luma (0–255) per band of a column span, in mm relative to a curve: rows from `fromMm` to `toMm`
 * (offsets from the curve, + up) in `steps` bands, over columns x0Mm … x1Mm, on the drawn frame
 * (era, eye at rest) or the painted face layer (`era` null: the rest face, no lashes drawn).
 */
exposed.profileMm = (era: EraId | null, curve: Curve, x0Mm: number, x1Mm: number, fromMm: number, toMm: number, steps: number) => {
  const d = era ? drawPass(gazeSample(0, 0), era, 'color') : assetsFor(W, H).face.ctx.getImageData(0, 0, W, H).data;
  return bandsMm(d, curve, x0Mm, x1Mm, fromMm, toMm, steps, (i) => [lumaAt(d, i), 1]);
};

type Curve = 'crease' | 'upper' | 'lower';

/**
 * Per band of a column span, in mm relative to a curve (rows from `fromMm` to `toMm`, offsets from the
 * curve, + up, in `steps` bands, over columns x0Mm … x1Mm of the 1280×720 RGBA `d`): Σ num ÷ Σ den of
 * what `read` takes from each pixel (its byte index).
 */
function bandsMm(d: Uint8ClampedArray, curve: Curve, x0Mm: number, x1Mm: number, fromMm: number, toMm: number, steps: number, read: (i: number) => [number, number]): number[] {
  const f = assetsFor(W, H).frame;
  const at = curve === 'crease' ? creaseMm : curve === 'upper' ? restUpperMarginMm : restLowerMarginMm;
  const out: number[] = [];
  for (let k = 0; k < steps; k++) {
    const off = fromMm + ((toMm - fromMm) * (k + 0.5)) / steps;
    let num = 0;
    let den = 0;
    for (let x = Math.round(xPx(f, x0Mm)); x < Math.round(xPx(f, x1Mm)); x++) {
      const y = Math.floor(yPx(f, at(xMmOf(f, x + 0.5)) + off));
      const [n, m] = read((y * W + x) * 4);
      num += n;
      den += m;
    }
    out.push(num / Math.max(1, den));
  }
  return out;
}

/** Mean luma (0–255) of the painted skin layer over a mm box. */
exposed.skinMeanLuma = (x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number) => {
  const { w, h, data: d } = paintedPatch('skin', x0Mm, x1Mm, y0Mm, y1Mm);
  let s = 0;
  for (let i = 0; i < d.length; i += 4) s += lumaAt(d, i);
  return s / (w * h);
};

/** A patch (mm box) of the painted skin or face layer (RGBA). */
exposed.layerPatch = (layer: 'skin' | 'face', x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number) => {
  const { w, h, data } = paintedPatch(layer, x0Mm, x1Mm, y0Mm, y1Mm);
  return { w, h, rgba: Array.from(data) };
};

/**
 * Mean red over green per band of a column span relative to a curve (as profileMm), on the painted
 * face layer: the skin's redness.
 */
exposed.rednessMm = (curve: Curve, x0Mm: number, x1Mm: number, fromMm: number, toMm: number, steps: number) => {
  const d = assetsFor(W, H).face.ctx.getImageData(0, 0, W, H).data;
  return bandsMm(d, curve, x0Mm, x1Mm, fromMm, toMm, steps, (i) => [d[i], d[i + 1]]);
};
