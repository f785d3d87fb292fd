import type { EyeAssets } from '../assets/assets-for.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM, CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM, creaseMm } from '../geometry/crease.ts';
import { xMmOf, xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { blitRegion } from './bounds.ts';
import { lidStretchAt } from './lid-stretch.ts';
import { stripsAcross } from './strips.ts';

/**
 * Strips the lid skin is cut into for stretching. Each is one resampled drawImage (the costly kind in
 * a software canvas), so as few as keep the stretch smooth: neighbours differ in scale by a few
 * percent, and the skin's texture is soft enough that the step never shows.
 */
const STRIP_COUNT = 16;
/** Below this much movement (px) of the margin anywhere, the lid is drawn 1:1 (plain blits). */
const STILL_PX = 0.35;

/**
 * The upper lid's own skin, from the fixed crease down to the margin wherever it is now, with the shade
 * it throws on the globe. Each strip of the rest-pose layer is scaled vertically about the crease so
 * the rest margin lands on the current one: a closing lid stretches over the globe (its pores and
 * wrinkles spread, none slide), a lid lifting in up-gaze bunches toward the crease, which then reads
 * deeper. No clip: the layer ends at its own margin (to within a pixel, under the lash line).
 */
export function drawUpperLid(ctx: CanvasRenderingContext2D, a: EyeAssets, m: LidMargins, upperMargin: number[]): void {
  const f = a.frame;
  const mm = f.pxPerMm;
  const x0 = upperMargin[0];
  const x1 = upperMargin[upperMargin.length - 2];
  const skin = a.lid.albedo.canvas;
  const shade = a.lid.shade.canvas;
  const rest = restLidMargins();
  const restY = (x: number): number => yPx(f, rest.upperMm(xMmOf(f, x)));
  const nowY = (x: number): number => yPx(f, m.upperMm(xMmOf(f, x)));
  const creaseY = (x: number): number => yPx(f, creaseMm(xMmOf(f, x)));
  const depth = a.lid.belowMarginMm * mm;
  const strips = stripsAcross(x0, x1, STRIP_COUNT).map((st) => ({ st, s: lidStretchAt(f, m, st.xPx) }));
  const still = strips.every(({ st }) => Math.abs(nowY(st.xPx) - restY(st.xPx)) < STILL_PX);
  if (still) {
    // The lid at rest: two plain blits.
    const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1)));
    const y1 = Math.min(f.heightPx, Math.ceil(Math.max(restY(x0), restY(x1)) + depth + 1));
    const bx = Math.floor(x0);
    const bw = Math.ceil(x1) - bx;
    ctx.drawImage(skin, bx, top, bw, y1 - top, bx, top, bw, y1 - top);
    ctx.drawImage(shade, bx, top, bw, y1 - top, bx, top, bw, y1 - top);
  } else {
    ctx.save();
    const base = ctx.getTransform();
    // Nearest sampling: rows are only repeated or skipped vertically, invisible on soft skin and a
    // soft shade, and it is ~2× cheaper than bilinear for an affine draw.
    ctx.imageSmoothingEnabled = false;
    for (const { st, s } of strips) {
      const w = st.x1Px - st.x0Px;
      const restLow = Math.max(restY(st.x0Px), restY(st.x1Px), restY(st.xPx));
      const restHigh = Math.min(restY(st.x0Px), restY(st.x1Px), restY(st.xPx));
      // The skin: y' = k·y + (1 − k)·crease(x), crease linear across the strip (an affine map).
      const sy0 = Math.max(0, Math.floor(Math.min(creaseY(st.x0Px), creaseY(st.x1Px)) - 0.8 * mm));
      const sy1 = Math.min(skin.height, Math.ceil(restLow + 1));
      const k = s.scale;
      ctx.setTransform(base.a, base.b, base.c, base.d, base.e, base.f);
      ctx.transform(1, (1 - k) * s.creaseSlope, 0, k, 0, (1 - k) * (s.creaseYPx - s.creaseSlope * s.xPx));
      if (sy1 > sy0) ctx.drawImage(skin, st.x0Px, sy0, w, sy1 - sy0, st.x0Px, sy0, w, sy1 - sy0);
      // The shade: carried down with the margin, not stretched (its depth stays the same).
      const d0 = nowY(st.x0Px) - restY(st.x0Px);
      const d1 = nowY(st.x1Px) - restY(st.x1Px);
      const slope = w > 0 ? (d1 - d0) / w : 0;
      const hy0 = Math.max(0, Math.floor(restHigh - 1));
      const hy1 = Math.min(shade.height, Math.ceil(restLow + depth + 1));
      ctx.setTransform(base.a, base.b, base.c, base.d, base.e, base.f);
      ctx.transform(1, slope, 0, 1, 0, d0 - slope * st.x0Px);
      if (hy1 > hy0) ctx.drawImage(shade, st.x0Px, hy0, w, hy1 - hy0, st.x0Px, hy0, w, hy1 - hy0);
    }
    ctx.restore();
  }

  // The crease fold; deeper when the lid's skin bunches up into it (looking up).
  const mid = lidStretchAt(f, m, f.centerXPx);
  ctx.globalAlpha = Math.min(1, 0.75 + Math.max(0, 1 - mid.scale) * 2.5);
  blitRegion(ctx, a.lid.crease.canvas, creaseBand(a));
  ctx.globalAlpha = 1;

  // The margin itself: a glint of the lid's rounded edge, then the dark lash line.
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  tracePolyline(ctx, shifted(upperMargin, -0.5 * mm), true);
  ctx.strokeStyle = 'rgba(255, 226, 206, 0.07)';
  ctx.lineWidth = 0.35 * mm;
  ctx.stroke();
  ctx.beginPath();
  tracePolyline(ctx, shifted(upperMargin, -0.1 * mm), true);
  ctx.strokeStyle = 'rgba(44, 25, 19, 0.85)';
  ctx.lineWidth = 0.28 * mm;
  ctx.stroke();
}

/** The rows and columns the crease layer occupies (it never moves). */
function creaseBand(a: EyeAssets): BoundsPx {
  const f = a.frame;
  const y0 = Math.max(0, Math.floor(yPx(f, creaseMm(0) + 1.5)));
  const y1 = Math.min(f.heightPx, Math.ceil(yPx(f, creaseMm(CREASE_LATERAL_END_MM) - 1.5)));
  const x0 = Math.max(0, Math.floor(xPx(f, CREASE_LATERAL_END_MM - 1)));
  const x1 = Math.min(f.widthPx, Math.ceil(xPx(f, CREASE_MEDIAL_END_MM + 1)));
  return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
}

function shifted(pts: number[], dyPx: number): number[] {
  const out = pts.slice();
  for (let i = 1; i < out.length; i += 2) out[i] += dyPx;
  return out;
}
