import type { EyeAssets } from '../assets/assets-for.ts';
import type { Layer } from '../assets/canvas.ts';
import { makeLayer } from '../assets/canvas.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { marginPolylinePx } from '../geometry/aperture-px.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM } from '../geometry/crease.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidInputs } from '../geometry/lid-inputs.ts';
import { lidInputsKey } from '../geometry/lid-inputs.ts';
import { lidMargins } from '../geometry/lid-margins.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import type { BoundsPx } from './bounds.ts';
import { drawLashes } from './lashes.ts';
import { lidBaseLayer } from './lid-base-layer.ts';
import { drawLowerLid } from './lower-lid.ts';
import { drawUpperLidEdge } from './upper-lid.ts';

/**
 * The face in front of the globe. Drawn around it, not over a clip (a clip makes every draw under it
 * several times dearer in a software canvas): the face with the opening cut out first, the globe
 * behind it, then the lids' edges. Cached layers are always drawn through, hit or miss, so the pixels
 * never depend on earlier frames.
 */
interface FaceCache {
  edges: Layer;
  edgesKey: string | null;
  /** The only part a lid change can touch (outside it the face is the static skin). */
  box: BoundsPx;
}

const caches = new WeakMap<EyeAssets, FaceCache>();

function lidBox(a: EyeAssets): BoundsPx {
  const f = a.frame;
  const x0 = Math.max(0, Math.floor(xPx(f, CANTHUS_LATERAL_MM.x - 5)));
  const x1 = Math.min(f.widthPx, Math.ceil(xPx(f, CANTHUS_MEDIAL_MM.x + 2.5)));
  const y0 = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1.6)));
  const y1 = Math.min(f.heightPx, Math.ceil(yPx(f, -10)));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

function cacheFor(a: EyeAssets): FaceCache {
  let c = caches.get(a);
  if (!c) {
    c = { edges: makeLayer(a.frame.widthPx, a.frame.heightPx), edgesKey: null, box: lidBox(a) };
    caches.set(a, c);
  }
  return c;
}

/**
 * Step 1: the face with the opening cut out, straight onto the frame: the static skin and the upper
 * lid's stretched skin (lid-base-layer.ts, cached by the coarse lids), then the opening (at the fine
 * margins, what the mask measures) made transparent. The globe is then drawn *behind* it
 * (`destination-over`), so it needs no clip.
 */
export function drawFaceCut(ctx: CanvasRenderingContext2D, a: EyeAssets, coarse: LidInputs, aperture: number[], openness: number): void {
  const c = cacheFor(a);
  const b = c.box;
  ctx.drawImage(a.skin.canvas, 0, 0);
  ctx.drawImage(lidBaseLayer(a, coarse, b), b.x, b.y, b.w, b.h, b.x, b.y, b.w, b.h);
  if (openness > 0) {
    ctx.save();
    ctx.globalCompositeOperation = 'destination-out';
    ctx.fillStyle = '#000'; // opaque: the cut must remove the skin entirely
    ctx.beginPath();
    tracePolyline(ctx, aperture, true);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
  }
}

/**
 * Step 3, over the globe: the lid edges (the lower margin, the shade the upper lid throws, its lash
 * line, the lashes), drawn for the coarsely rounded lids (within ~0.05 mm of the exact margin, under
 * the lash line's width) into a cached layer, so they are redrawn only when the lids really move.
 */
export function drawFaceEdges(ctx: CanvasRenderingContext2D, a: EyeAssets, coarse: LidInputs): void {
  const c = cacheFor(a);
  const b = c.box;
  const coarseKey = lidInputsKey(coarse);
  if (c.edgesKey !== coarseKey) {
    const f = a.frame;
    const l = c.edges.ctx;
    const m = lidMargins(coarse, coarse);
    l.setTransform(1, 0, 0, 1, 0, 0);
    l.clearRect(b.x, b.y, b.w, b.h);
    drawLowerLid(l, f, m, marginPolylinePx(f, m, 'lower'));
    drawUpperLidEdge(l, a, m, marginPolylinePx(f, m, 'upper'));
    drawLashes(l, f, m);
    c.edgesKey = coarseKey;
  }
  ctx.drawImage(c.edges.canvas, b.x, b.y, b.w, b.h, b.x, b.y, b.w, b.h);
}
