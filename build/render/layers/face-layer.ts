import type { EyeAssets } from '../assets/assets-for.ts';
import type { Layer } from '../assets/canvas.ts';
import { makeLayer } from '../assets/canvas.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM } from '../geometry/crease.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import type { BoundsPx } from './bounds.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { drawLashes } from './lashes.ts';
import { drawLowerLid } from './lower-lid.ts';
import { drawUpperLidEdge, drawUpperLidSkin } from './upper-lid.ts';

/**
 * The whole face in front of the globe, as one layer with the opening cut out of it: the static skin,
 * the lower margin, the upper lid's skin and the shade it throws, the crease, the lashes. It depends
 * only on the (rounded) lid inputs, so it is redrawn only when they change: a fixating eye keeps its
 * lids still, and most frames then cost one blit here. And since it covers everything outside the
 * opening, the globe behind it needs no clip (a clip makes every draw under it several times dearer
 * in a software canvas). The layer is always drawn through, hit or miss, so the pixels never depend
 * on what was drawn before.
 */
interface FaceLayerCache {
  layer: Layer;
  key: string | null;
  /** The only part a lid change can touch (outside it the layer is the static skin, painted once). */
  box: BoundsPx;
}

function lidBox(a: EyeAssets): BoundsPx {
  const f = a.frame;
  const x0 = Math.max(0, Math.floor(xPx(f, CANTHUS_LATERAL_MM.x - 5)));
  const x1 = Math.min(f.widthPx, Math.ceil(xPx(f, CANTHUS_MEDIAL_MM.x + 2.5)));
  const y0 = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1.6)));
  const y1 = Math.min(f.heightPx, Math.ceil(yPx(f, -10)));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

const caches = new WeakMap<EyeAssets, FaceLayerCache>();

export function drawFaceLayer(
  ctx: CanvasRenderingContext2D,
  a: EyeAssets,
  key: string,
  m: LidMargins,
  aperture: number[],
  upper: number[],
  lower: number[],
): void {
  let c = caches.get(a);
  if (!c) {
    c = { layer: makeLayer(a.frame.widthPx, a.frame.heightPx), key: null, box: lidBox(a) };
    c.layer.ctx.drawImage(a.skin.canvas, 0, 0);
    caches.set(a, c);
  }
  if (c.key !== key) {
    const l = c.layer.ctx;
    const b = c.box;
    l.setTransform(1, 0, 0, 1, 0, 0);
    l.globalCompositeOperation = 'source-over';
    l.save();
    l.beginPath();
    l.rect(b.x, b.y, b.w, b.h);
    l.clip();
    l.drawImage(a.skin.canvas, b.x, b.y, b.w, b.h, b.x, b.y, b.w, b.h);
    drawUpperLidSkin(l, a, m, upper);
    l.globalCompositeOperation = 'destination-out';
    l.fillStyle = '#000'; // opaque: the cut must remove the skin entirely
    if (m.openness > 0) {
      l.beginPath();
      tracePolyline(l, aperture, true);
      l.closePath();
      l.fill();
    }
    l.globalCompositeOperation = 'source-over';
    drawLowerLid(l, a.frame, m, lower);
    drawUpperLidEdge(l, a, m, upper);
    drawLashes(l, a.frame, m);
    l.restore();
    c.key = key;
  }
  ctx.drawImage(c.layer.canvas, 0, 0);
}
