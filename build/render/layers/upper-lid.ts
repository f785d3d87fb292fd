import type { EyeAssets } from '../assets/assets-for.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { creaseMm } from '../geometry/crease.ts';
import { xMmOf, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restUpperMarginMm } from '../geometry/lid-shape.ts';
import type { BoundsPx } from './bounds.ts';
import { blitRegion } from './bounds.ts';
import { lidStretchAt } from './lid-stretch.ts';

/** Strips the lid skin is cut into for stretching (narrow enough that a strip's straight edge hides). */
const STRIP_COUNT = 40;

/**
 * The upper lid's own skin, from the fixed crease down to the margin wherever it is now. Each strip of
 * the rest-pose skin is scaled vertically about the crease so the rest margin lands on the current one:
 * a closing lid stretches over the globe (its pores and wrinkles spread, none slide), a lid lifting in
 * up-gaze bunches toward the crease, which then reads deeper.
 */
export function drawUpperLid(ctx: CanvasRenderingContext2D, a: EyeAssets, m: LidMargins, upperMargin: number[], lidBox: BoundsPx): void {
  const f = a.frame;
  const mm = f.pxPerMm;
  const x0 = upperMargin[0];
  const x1 = upperMargin[upperMargin.length - 2];
  const top = Math.max(0, Math.floor(yPx(f, creaseMm(0) + 1)));
  ctx.save();
  ctx.beginPath();
  tracePolyline(ctx, upperMargin, true);
  ctx.lineTo(x1, top);
  ctx.lineTo(x0, top);
  ctx.closePath();
  ctx.clip();

  const src = a.lid.albedo.canvas;
  const w = (x1 - x0) / STRIP_COUNT;
  const srcBottom = (x: number): number => yPx(f, restUpperMarginMm(xMmOf(f, x)) - a.lid.belowMarginMm);
  for (let i = 0; i < STRIP_COUNT; i++) {
    const sx0 = Math.floor(x0 + i * w);
    const sx1 = Math.ceil(x0 + (i + 1) * w) + 1;
    const st = lidStretchAt(f, m, (sx0 + sx1) / 2);
    const sy0 = Math.max(0, Math.floor(st.creaseYPx - 0.8 * mm));
    const sy1 = Math.min(src.height, Math.ceil(Math.max(srcBottom(sx0), srcBottom(sx1))));
    if (sy1 <= sy0) continue;
    // y' = k·y + (1 − k)·crease(x), crease linear across the strip: an affine map per strip.
    const k = st.scale;
    ctx.save();
    ctx.transform(1, (1 - k) * st.creaseSlope, 0, k, 0, (1 - k) * (st.creaseYPx - st.creaseSlope * st.xPx));
    ctx.drawImage(src, sx0, sy0, sx1 - sx0, sy1 - sy0, sx0, sy0, sx1 - sx0, sy1 - sy0);
    ctx.restore();
  }
  blitRegion(ctx, a.lid.light.canvas, lidBox);
  ctx.restore();

  // The crease fold; deeper when the lid's skin bunches up into it (looking up).
  const mid = lidStretchAt(f, m, f.centerXPx);
  blitRegion(ctx, a.lid.crease.canvas, lidBox);
  if (mid.scale < 1) {
    ctx.globalAlpha = Math.min(1, (1 - mid.scale) * 3);
    blitRegion(ctx, a.lid.crease.canvas, lidBox);
    ctx.globalAlpha = 1;
  }

  // The margin itself: the lash line, and a glint of the lid's rounded edge just above it.
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  tracePolyline(ctx, shifted(upperMargin, -0.5 * mm), true);
  ctx.strokeStyle = 'rgba(255, 226, 206, 0.16)';
  ctx.lineWidth = 0.35 * mm;
  ctx.stroke();
  ctx.beginPath();
  tracePolyline(ctx, shifted(upperMargin, -0.1 * mm), true);
  ctx.strokeStyle = 'rgba(46, 26, 20, 0.88)';
  ctx.lineWidth = 0.3 * mm;
  ctx.stroke();
}

function shifted(pts: number[], dyPx: number): number[] {
  const out = pts.slice();
  for (let i = 1; i < out.length; i += 2) out[i] += dyPx;
  return out;
}
