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
import { paintContactShadow } from './contact-shadow.ts';
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
 * the lashes' (quantised) lag, so it is drawn only for a state not among the last few kept (a
 * fixating eye keeps its lids still, or flips between two neighbouring states).
 */
interface FaceLayerCache {
  warp: FaceWarp;
  /** The layer's last few states, the most recently used first (each a pure function of its key). */
  states: LayerState[];
  /** The warp with the margins' bands composited over it (margin-paint.ts), box-sized. */
  banded: ImageData;
}

/** One drawn state of the layer. */
interface LayerState {
  layer: Layer;
  key: string;
  /** What the margins, bulge and lashes covered (box px), to be put back when this canvas is redrawn. */
  drawn: ExtentPx | null;
  /** Where the warp has changed since this canvas was drawn (box px). */
  stale: ExtentPx | null;
}

/**
 * How many of the layer's states are kept. A fixating eye's tremor and drift can sit on a rounding
 * step of the lid inputs (lid-inputs.ts), so its lids flip between two neighbouring states frame after
 * frame: measured on 1970-script's first 60 frames, 8 of the 27 redraws were such returns to a state
 * drawn a frame or two before. A state is a pure function of its key, so a kept one is the same
 * pixels a redraw would make.
 */
const KEPT_STATES = 4;

const caches = new WeakMap<EyeAssets, FaceLayerCache>();

export function faceLayerFor(a: EyeAssets): FaceLayerCache {
  let c = caches.get(a);
  if (!c) {
    const warp = createFaceWarp(a.frame, a.faceData, a.faceBareData, a.faceSmoothData);
    c = { warp, states: [], banded: new ImageData(warp.box.w, warp.box.h) };
    caches.set(a, c);
  }
  return c;
}

/** The lashes' lag as the layer draws it: quantised, so the layer depends on its key alone. */
function lagStep(lashLagRad: number): string {
  return lashLagRad.toFixed(4);
}

export function drawFaceLayer(ctx: CanvasRenderingContext2D, a: EyeAssets, lids: LidInputs, m: LidMargins, lashLagRad: number): void {
  const c = faceLayerFor(a);
  const box = c.warp.box;
  const lag = lagStep(lashLagRad);
  const key = `${lidInputsKey(lids)}/${lag}`;
  let at = c.states.findIndex((st) => st.key === key);
  if (at < 0) {
    at = c.states.length < KEPT_STATES ? c.states.length : c.states.length - 1;
    const st = c.states[at] ?? newState(box);
    c.states[at] = st;
    drawState(c, st, a.frame, lids, m, Number(lag));
    st.key = key;
  }
  const st = c.states[at];
  c.states.splice(at, 1);
  c.states.unshift(st);
  ctx.drawImage(st.layer.canvas, box.x, box.y);
}

/** A blank state: the whole box still to be put from the warp. */
function newState(box: BoundsPx): LayerState {
  return { layer: makeLayer(box.w, box.h), key: '', drawn: null, stale: { x0: 0, y0: 0, x1: box.w, y1: box.h } };
}

/**
 * Draw one state for margins m: puts back every pixel the warp changed since this canvas was drawn
 * and everything drawn over it then, so nothing of an earlier state survives; outside the rows a lid
 * can reach the box is the rest skin itself, exactly what lies around it: the box's edge is never visible.
 */
function drawState(c: FaceLayerCache, st: LayerState, f: EyeFrame, lids: LidInputs, m: LidMargins, lashLagRad: number): void {
  const box = c.warp.box;
  const changed = paintFaceWarp(c.warp, f, m);
  if (changed.w > 0) {
    const e = { x0: changed.x, y0: changed.y, x1: changed.x + changed.w, y1: changed.y + changed.h };
    for (const other of c.states) if (other !== st) other.stale = union(other.stale, e);
    st.stale = union(st.stale, e);
  }
  const l = st.layer.ctx;
  l.setTransform(1, 0, 0, 1, 0, 0);
  const put = union(st.stale, st.drawn);
  if (put) {
    const r = clampTo(put, box);
    if (r.w > 0 && r.h > 0) l.putImageData(c.warp.img, 0, 0, r.x, r.y, r.w, r.h);
  }
  st.stale = null;
  // The margins' bands, computed per pixel over the warp (under everything else drawn here).
  const upperPx = marginPolylinePx(f, m, 'upper');
  const extent = marginsExtent(f, [upperPx, marginPolylinePx(f, m, 'lower')]);
  const bandBox = clampTo(shift(extent, box), box);
  paintMarginBands(c.warp.img.data, c.banded.data, box, bandBox, f, m, [...lowerMarginBands(m), ...upperMarginBands(m)]);
  // Behind them, where the opening shows the globe, the lid's contact shadow on it.
  paintContactShadow(c.banded.data, box, bandBox, f, m, upperPx);
  if (bandBox.w > 0 && bandBox.h > 0) l.putImageData(c.banded, 0, 0, bandBox.x, bandBox.y, bandBox.w, bandBox.h);
  // The rest is drawn in frame pixels, shifted into the box.
  l.translate(-box.x, -box.y);
  const bulge = drawCorneaBulge(l, f, lids, m);
  drawCanthalAngle(l, f, m);
  drawLowerMarginDetail(l, f, m);
  drawLidGlints(l, f, m);
  const curves = lashCurvesPx(f, m, lashLagRad);
  let drawn = union(drawLashCurves(l, curves), extent);
  // The lashes' thin shadows on the globe, under everything drawn so far (only the opening shows them):
  // behind the lids' pixels, so over the globe drawn before this layer exactly as if drawn on it, but
  // repainted only when the lids move.
  drawn = union(drawn, drawLashShadows(l, f, m, curves.slice(0, UPPER_LASHES.length)));
  if (bulge) drawn = union(drawn, bulge);
  st.drawn = drawn ? shift(drawn, box) : null;
  l.setTransform(1, 0, 0, 1, 0, 0);
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
