import type { EyeAssets } from '../assets/assets-for.ts';
import type { Layer } from '../assets/canvas.ts';
import { makeLayer } from '../assets/canvas.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { FaceWarp } from './face-warp.ts';
import { createFaceWarp, paintFaceWarp } from './face-warp.ts';
import { drawLashes } from './lashes.ts';
import { drawLowerMargin } from './lower-lid.ts';
import { drawUpperMargin } from './upper-lid.ts';
import { drawCorneaBulge } from './cornea-bulge.ts';
import type { LidInputs } from '../geometry/lid-inputs.ts';
import { lidInputsKey } from '../geometry/lid-inputs.ts';

/**
 * The face in front of the globe within the lids' box (face-warp-box.ts): the lids' skin warped per
 * pixel to the current margins with the opening left transparent, then the margins' own detail and the
 * lashes. It depends only on the (rounded) lid inputs, so it is recomputed only when they change (a
 * fixating eye keeps its lids still). Every recompute starts from the whole box's pixels, so nothing
 * of an earlier state survives, and outside the rows a lid can reach the box is the rest skin itself,
 * exactly what lies around it: the box's edge is never visible.
 */
interface FaceLayerCache {
  warp: FaceWarp;
  layer: Layer;
  key: string | null;
}

const caches = new WeakMap<EyeAssets, FaceLayerCache>();

export function faceLayerFor(a: EyeAssets): FaceLayerCache {
  let c = caches.get(a);
  if (!c) {
    const warp = createFaceWarp(a.frame, a.faceData);
    c = { warp, layer: makeLayer(warp.box.w, warp.box.h), key: null };
    caches.set(a, c);
  }
  return c;
}

export function drawFaceLayer(ctx: CanvasRenderingContext2D, a: EyeAssets, lids: LidInputs, m: LidMargins): void {
  const c = faceLayerFor(a);
  const box = c.warp.box;
  const key = lidInputsKey(lids);
  if (c.key !== key) {
    paintFaceWarp(c.warp, a.frame, m);
    const l = c.layer.ctx;
    l.setTransform(1, 0, 0, 1, 0, 0);
    l.putImageData(c.warp.img, 0, 0);
    // The margins and lashes are drawn in frame pixels, shifted into the box.
    l.translate(-box.x, -box.y);
    drawCorneaBulge(l, a.frame, lids, m);
    drawLowerMargin(l, a.frame, m);
    drawUpperMargin(l, a.frame, m);
    drawLashes(l, a.frame, m);
    l.setTransform(1, 0, 0, 1, 0, 0);
    c.key = key;
  }
  ctx.drawImage(c.layer.canvas, box.x, box.y);
}
