import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';

/** Small helpers for drawing in twin millimetres on a canvas whose pixels follow an EyeFrame. */

/** Append a curve y = fn(x) (mm) from x0 to x1 to the current path, as `samples` segments. */
export function traceCurveMm(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  fn: (xMm: number) => number,
  x0Mm: number,
  x1Mm: number,
  samples: number,
  moveFirst: boolean,
  offsetYMm = 0,
): void {
  for (let i = 0; i <= samples; i++) {
    const x = x0Mm + ((x1Mm - x0Mm) * i) / samples;
    const px = xPx(f, x);
    const py = yPx(f, fn(x) + offsetYMm);
    if (i === 0 && moveFirst) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
}

/** Append a polyline given as [x0, y0, x1, y1, …] px. */
export function tracePolyline(ctx: CanvasRenderingContext2D, pts: number[], moveFirst: boolean): void {
  for (let i = 0; i < pts.length; i += 2) {
    if (i === 0 && moveFirst) ctx.moveTo(pts[0], pts[1]);
    else ctx.lineTo(pts[i], pts[i + 1]);
  }
}

/** A radial gradient blob at (xMm, yMm), radius rMm, from `inner` to transparent; squash > 1 widens it. */
export function blobMm(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  xMm: number,
  yMm: number,
  rMm: number,
  inner: string,
  outer: string,
  squashX = 1,
): void {
  ctx.save();
  ctx.translate(xPx(f, xMm), yPx(f, yMm));
  ctx.scale(squashX, 1);
  const r = rMm * f.pxPerMm;
  const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
  g.addColorStop(0, inner);
  g.addColorStop(1, outer);
  ctx.fillStyle = g;
  ctx.fillRect(-r, -r, 2 * r, 2 * r);
  ctx.restore();
}
