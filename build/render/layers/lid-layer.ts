import type { EyeAssets } from '../assets/assets-for.ts';
import type { Layer } from '../assets/canvas.ts';
import { makeLayer } from '../assets/canvas.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM } from '../geometry/crease.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import type { BoundsPx } from './bounds.ts';
import { drawLashes } from './lashes.ts';
import { drawLowerLid } from './lower-lid.ts';
import { drawUpperLid } from './upper-lid.ts';

/**
 * Everything the lids put over the globe (the lower margin, the upper lid's skin and shade, the crease,
 * the lashes) drawn into one transparent layer, redrawn only when the (rounded) lid inputs change.
 * A fixating eye keeps its lids still, so most frames cost one blit instead of a few dozen resampled
 * strips and ~190 lash curves. The layer is always drawn through, hit or miss, so the pixels never
 * depend on what was drawn before.
 */
interface LidLayerCache {
  layer: Layer;
  key: string | null;
  box: BoundsPx;
}

const caches = new WeakMap<EyeAssets, LidLayerCache>();

/** The layer's fixed extent: the crease down past the lower lashes, both corners with their lashes. */
function lidBox(a: EyeAssets): BoundsPx {
  const f = a.frame;
  const x0 = Math.max(0, Math.floor(xPx(f, CANTHUS_LATERAL_MM.x - 5)));
  const x1 = Math.min(f.widthPx, Math.ceil(xPx(f, CANTHUS_MEDIAL_MM.x + 2)));
  const y0 = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1.6)));
  const y1 = Math.min(f.heightPx, Math.ceil(yPx(f, -10)));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

export function drawLidLayer(
  ctx: CanvasRenderingContext2D,
  a: EyeAssets,
  key: string,
  m: LidMargins,
  upper: number[],
  lower: number[],
): void {
  let c = caches.get(a);
  if (!c) {
    c = { layer: makeLayer(a.frame.widthPx, a.frame.heightPx), key: null, box: lidBox(a) };
    caches.set(a, c);
  }
  const { box } = c;
  if (c.key !== key) {
    const l = c.layer.ctx;
    l.setTransform(1, 0, 0, 1, 0, 0);
    l.clearRect(box.x, box.y, box.w, box.h);
    l.save();
    l.beginPath();
    l.rect(box.x, box.y, box.w, box.h);
    l.clip();
    drawLowerLid(l, a.frame, m, lower);
    drawUpperLid(l, a, m, upper);
    drawLashes(l, a.frame, m);
    l.restore();
    c.key = key;
  }
  ctx.drawImage(c.layer.canvas, box.x, box.y, box.w, box.h, box.x, box.y, box.w, box.h);
}
