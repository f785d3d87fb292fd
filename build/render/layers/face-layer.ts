import type { EyeAssets } from '../assets/assets-for.ts';
import type { Layer } from '../assets/canvas.ts';
import { makeLayer } from '../assets/canvas.ts';
import { marginPolylinePx } from '../geometry/aperture-px.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidInputs } from '../geometry/lid-inputs.ts';
import { lidInputsKey } from '../geometry/lid-inputs.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { drawCanthalAngle } from './canthal-angle.ts';
import { drawContactShadow } from './contact-shadow.ts';
import { drawCorneaBulge } from './cornea-bulge.ts';
import type { FaceWarp } from './face-warp.ts';
import { createFaceWarp } from './face-warp.ts';
import { paintFaceWarp } from './face-warp-paint.ts';
import type { ExtentPx } from './lashes.ts';
import { UPPER_LASHES } from '../assets/lash-set.ts';
import { drawLashCurves, lashCurvesPx } from './lashes.ts';
import { drawLashShadows } from './lash-shadow.ts';
import { drawLidGlints } from './lid-glints.ts';
import { drawLowerMarginDetail, lowerMarginBands } from './lower-lid.ts';
import { paintMarginBands } from './margin-paint.ts';
import { upperMarginBands } from './upper-lid.ts';

/**
 * The face in front of the globe within the lids' box (face-warp-box.ts): the lids' skin warped per
 * pixel to the current margins with the opening left transparent, the margins' bands composited over it
 * per pixel, then the margins' drawn detail, the
 * cornea's bulge under a lowered lid and the lashes. It depends only on the (rounded) lid inputs and
 * the lashes' (quantised) lag, so it is recomputed only when they change (a fixating eye keeps its
 * lids still). A recompute puts back
 * every pixel the warp changed and everything drawn over it last time, so nothing of an earlier state
 * survives; outside the rows a lid can reach the box is the rest skin itself, exactly what lies around
 * it: the box's edge is never visible.
 */
interface FaceLayerCache {
  warp: FaceWarp;
  layer: Layer;
  key: string | null;
  /** What the margins, bulge and lashes covered last time (box px), to be put back. */
  drawn: ExtentPx | null;
  /** The warp with the margins' bands composited over it (margin-paint.ts), box-sized. */
  banded: ImageData;
}

const caches = new WeakMap<EyeAssets, FaceLayerCache>();

export function faceLayerFor(a: EyeAssets): FaceLayerCache {
  let c = caches.get(a);
  if (!c) {
    const warp = createFaceWarp(a.frame, a.faceData, a.faceBareData, a.faceSmoothData);
    const layer = makeLayer(warp.box.w, warp.box.h);
    c = { warp, layer, key: null, drawn: null, banded: layer.ctx.createImageData(warp.box.w, warp.box.h) };
    c.layer.ctx.putImageData(warp.img, 0, 0);
    caches.set(a, c);
  }
  return c;
}

export function drawFaceLayer(ctx: CanvasRenderingContext2D, a: EyeAssets, lids: LidInputs, m: LidMargins, lashLagRad: number): void {
  const c = faceLayerFor(a);
  const box = c.warp.box;
  const key = `${lidInputsKey(lids)}/${lashLagRad.toFixed(4)}`;
  if (c.key !== key) {
    const f = a.frame;
    const changed = paintFaceWarp(c.warp, f, m);
    const l = c.layer.ctx;
    l.setTransform(1, 0, 0, 1, 0, 0);
    let put: ExtentPx | null = changed.w > 0 ? { x0: changed.x, y0: changed.y, x1: changed.x + changed.w, y1: changed.y + changed.h } : null;
    if (c.drawn) put = union(put, c.drawn);
    if (put) {
      const r = clampTo(put, box);
      if (r.w > 0 && r.h > 0) l.putImageData(c.warp.img, 0, 0, r.x, r.y, r.w, r.h);
    }
    // The margins' bands, computed per pixel over the warp (under everything else drawn here).
    const upperPx = marginPolylinePx(f, m, 'upper');
    const extent = marginsExtent(f, [upperPx, marginPolylinePx(f, m, 'lower')]);
    const bandBox = clampTo(shift(extent, box), box);
    paintMarginBands(c.warp.img.data, c.banded.data, box, bandBox, f, m, [...lowerMarginBands(m), ...upperMarginBands(m)]);
    if (bandBox.w > 0 && bandBox.h > 0) l.putImageData(c.banded, 0, 0, bandBox.x, bandBox.y, bandBox.w, bandBox.h);
    // The rest is drawn in frame pixels, shifted into the box.
    l.translate(-box.x, -box.y);
    const bulge = drawCorneaBulge(l, f, lids, m);
    drawCanthalAngle(l, f, m);
    drawLowerMarginDetail(l, f, m);
    drawLidGlints(l, f, m);
    const curves = lashCurvesPx(f, m, lashLagRad);
    let drawn = union(drawLashCurves(l, curves), extent);
    // The lashes' thin shadows on the globe, under everything drawn so far (only the opening shows them),
    // and under those the lid's own contact shadow: behind the lids' pixels, so over the globe drawn
    // before this layer exactly as if drawn on it, but repainted only when the lids move.
    drawn = union(drawn, drawLashShadows(l, f, m, curves.slice(0, UPPER_LASHES.length)));
    l.save();
    l.globalCompositeOperation = 'destination-over';
    const contact = drawContactShadow(l, f, m, upperPx);
    l.restore();
    if (contact) drawn = union(drawn, { x0: contact.x, y0: contact.y, x1: contact.x + contact.w, y1: contact.y + contact.h });
    if (bulge) drawn = union(drawn, bulge);
    c.drawn = drawn ? shift(drawn, box) : null;
    l.setTransform(1, 0, 0, 1, 0, 0);
    c.key = key;
  }
  ctx.drawImage(c.layer.canvas, box.x, box.y);
}

/** Where the margin bands can reach (frame px): the fissure between the margins, 1 mm round (the upper lash line's widest, upper-lid.ts). */
function marginsExtent(f: EyeFrame, polylinesPx: readonly (readonly number[])[]): ExtentPx {
  const pad = 1 * f.pxPerMm;
  const e: ExtentPx = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const pts of polylinesPx) {
    for (let i = 0; i < pts.length; i += 2) {
      e.x0 = Math.min(e.x0, pts[i] - pad);
      e.x1 = Math.max(e.x1, pts[i] + pad);
      e.y0 = Math.min(e.y0, pts[i + 1] - pad);
      e.y1 = Math.max(e.y1, pts[i + 1] + pad);
    }
  }
  return e;
}

/** Frame px to box px. */
function shift(e: ExtentPx, box: BoundsPx): ExtentPx {
  return { x0: e.x0 - box.x, y0: e.y0 - box.y, x1: e.x1 - box.x, y1: e.y1 - box.y };
}

function union(a: ExtentPx | null, b: ExtentPx | null): ExtentPx | null {
  if (!a) return b;
  if (!b) return a;
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

function clampTo(e: ExtentPx, box: BoundsPx): BoundsPx {
  const x = Math.max(0, Math.floor(e.x0));
  const y = Math.max(0, Math.floor(e.y0));
  return { x, y, w: Math.min(box.w, Math.ceil(e.x1)) - x, h: Math.min(box.h, Math.ceil(e.y1)) - y };
}
