import { IRIS_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { marginPolylinePx } from '../geometry/aperture-px.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import type { ExtentPx } from './lashes.ts';

/**
 * The cornea under a lowered lid: it stands proud of the globe, so the lid's skin over it bulges and
 * catches the light (from the upper left) — a shut lid is not a smooth dome. Drawn on the lid layer
 * above the upper margin only (source-atop: the opening stays clear), as strong as the share of the
 * cornea the upper lid covers.
 */
const BULGE_ALPHA = 0.12;

export function drawCorneaBulge(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  iris: { centerXMm: number; centerYMm: number },
  m: LidMargins,
): ExtentPx | null {
  const covered = (iris.centerYMm + IRIS_RADIUS_MM - m.upperMm(iris.centerXMm)) / (2 * IRIS_RADIUS_MM);
  const strength = Math.min(1, Math.max(0, covered - 0.1) / 0.6);
  if (strength <= 0) return null;
  const mm = f.pxPerMm;
  const cx = xPx(f, iris.centerXMm - 0.9);
  const cy = yPx(f, iris.centerYMm + 0.9);
  const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, 5.5 * mm);
  // Smooth falloffs with no plateau and no ring: with the shut lid's skin no longer streaked by a
  // 2.7× stretch, a 0.55 stop and a shade ring 1 mm wide read as a disc drawn on the lid.
  for (let i = 0; i <= 6; i++) {
    const t = i / 6;
    g.addColorStop(t, `rgba(255, 238, 222, ${BULGE_ALPHA * strength * 0.5 * (1 + Math.cos(Math.PI * t))})`);
  }
  // Where the bump turns away below the cornea, a little shade, spread over 3 mm.
  const s = ctx.createRadialGradient(xPx(f, iris.centerXMm), yPx(f, iris.centerYMm), 3.5 * mm, xPx(f, iris.centerXMm), yPx(f, iris.centerYMm), 8.5 * mm);
  for (let i = 0; i <= 6; i++) {
    const t = i / 6;
    s.addColorStop(t, `rgba(110, 60, 50, ${0.07 * strength * Math.sin(Math.PI * t) ** 2})`);
  }
  const upper = marginPolylinePx(f, m, 'upper');
  ctx.save();
  ctx.beginPath();
  tracePolyline(ctx, upper, true);
  ctx.lineTo(upper[upper.length - 2], yPx(f, iris.centerYMm + 9));
  ctx.lineTo(upper[0], yPx(f, iris.centerYMm + 9));
  ctx.closePath();
  ctx.clip();
  ctx.globalCompositeOperation = 'source-atop';
  ctx.fillStyle = s;
  ctx.fillRect(cx - 9.5 * mm, cy - 9.5 * mm, 19 * mm, 19 * mm);
  ctx.fillStyle = g;
  ctx.fillRect(cx - 6 * mm, cy - 6 * mm, 12 * mm, 12 * mm);
  ctx.restore();
  return { x0: cx - 9.5 * mm - 1, y0: cy - 9.5 * mm - 1, x1: cx + 9.5 * mm + 1, y1: cy + 9.5 * mm + 1 };
}
