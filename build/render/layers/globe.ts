import type { EyeAssets } from '../assets/assets-for.ts';
import { HIGHLIGHT_X_MM, HIGHLIGHT_Y_MM } from '../assets/highlight.ts';
import { IRIS_TEX_RADIUS_PX, IRIS_TEX_SIZE_PX, irisTexturesFor } from '../assets/iris-texture.ts';
import { smoothstep } from '../assets/noise.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { IrisPose } from '../geometry/iris-pose.ts';
import { discEllipsePx } from '../geometry/iris-pose.ts';
import type { BoundsPx } from './bounds.ts';
import { blitRegion } from './bounds.ts';

/**
 * Everything seen through the opening, clipped to it: the white (its surface turning with the eye, its
 * shading fixed), the iris and pupil, the caruncle, the corneal highlight, and the shade the upper lid
 * and lashes throw onto the globe.
 */
export function drawGlobe(
  ctx: CanvasRenderingContext2D,
  a: EyeAssets,
  pose: IrisPose,
  aperture: number[],
  upperMargin: number[],
  lowerMargin: number[],
  box: BoundsPx,
): void {
  const f = a.frame;
  const mm = f.pxPerMm;
  ctx.save();
  ctx.beginPath();
  tracePolyline(ctx, aperture, true);
  ctx.closePath();
  ctx.clip();

  // The white turns with the globe: its vessels shift with the iris (a little less: they lie nearer
  // the globe's silhouette, where the same rotation moves a point less across the picture).
  const pad = a.sclera.surfacePadPx;
  const sx = box.x + pad - pose.centerXMm * 0.85 * mm;
  const sy = box.y + pad + pose.centerYMm * 0.85 * mm;
  ctx.drawImage(a.sclera.surface.canvas, sx, sy, box.w, box.h, box.x, box.y, box.w, box.h);
  blitRegion(ctx, a.sclera.shade.canvas, box);

  drawIris(ctx, a, pose);
  blitRegion(ctx, a.caruncle.canvas, box);
  drawHighlight(ctx, a, pose);

  // The upper lid and lashes shade the top of the globe; the lower lid a little.
  ctx.lineJoin = 'round';
  for (const [w, alpha] of [
    [2.6, 0.08],
    [1.7, 0.1],
    [1.0, 0.13],
    [0.5, 0.16],
  ] as const) {
    ctx.beginPath();
    tracePolyline(ctx, upperMargin, true);
    ctx.strokeStyle = `rgba(52, 28, 22, ${alpha})`;
    ctx.lineWidth = w * mm;
    ctx.stroke();
  }
  for (const [w, alpha] of [
    [0.9, 0.07],
    [0.4, 0.1],
  ] as const) {
    ctx.beginPath();
    tracePolyline(ctx, lowerMargin, true);
    ctx.strokeStyle = `rgba(80, 40, 34, ${alpha})`;
    ctx.lineWidth = w * mm;
    ctx.stroke();
  }
  ctx.restore();
}

function drawIris(ctx: CanvasRenderingContext2D, a: EyeAssets, pose: IrisPose): void {
  const f = a.frame;
  const e = discEllipsePx(f, pose, pose.radiusMm);
  const tex = irisTexturesFor(pose.pupilRadiusMm * 2);
  const scale = (pose.radiusMm * f.pxPerMm) / IRIS_TEX_RADIUS_PX;
  const size = IRIS_TEX_SIZE_PX * scale;
  ctx.save();
  // Foreshorten along the turn without turning the texture itself.
  ctx.translate(e.xPx, e.yPx);
  ctx.rotate(e.rotationRad);
  ctx.scale(pose.minorScale, 1);
  ctx.rotate(-e.rotationRad);
  ctx.drawImage(tex.a, -size / 2, -size / 2, size, size);
  if (tex.weightB > 0) {
    ctx.globalAlpha = tex.weightB;
    ctx.drawImage(tex.b, -size / 2, -size / 2, size, size);
    ctx.globalAlpha = 1;
  }
  ctx.restore();

  // The pupil, its dark pigment ruff, and the iris rising to meet it.
  const p = discEllipsePx(f, pose, pose.pupilRadiusMm);
  ctx.beginPath();
  ctx.ellipse(p.xPx, p.yPx, p.radiusXPx, p.radiusYPx, p.rotationRad, 0, Math.PI * 2);
  ctx.fillStyle = 'rgb(9, 7, 6)';
  ctx.fill();
  ctx.lineWidth = 0.16 * f.pxPerMm;
  ctx.strokeStyle = 'rgba(58, 34, 20, 0.75)';
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(p.xPx, p.yPx, p.radiusXPx + 0.2 * f.pxPerMm * pose.minorScale, p.radiusYPx + 0.2 * f.pxPerMm, p.rotationRad, 0, Math.PI * 2);
  ctx.lineWidth = 0.3 * f.pxPerMm;
  ctx.strokeStyle = 'rgba(30, 18, 10, 0.22)';
  ctx.stroke();
}

/** The light's reflection stays put; it shows at full strength only where the cornea is under it. */
function drawHighlight(ctx: CanvasRenderingContext2D, a: EyeAssets, pose: IrisPose): void {
  const f = a.frame;
  const d = Math.hypot(HIGHLIGHT_X_MM - pose.centerXMm, HIGHLIGHT_Y_MM - pose.centerYMm) / pose.radiusMm;
  const onCornea = 1 - smoothstep(0.6, 1.05, d);
  const alpha = 0.25 + 0.75 * onCornea;
  const h = a.highlight.canvas;
  ctx.globalAlpha = alpha;
  ctx.drawImage(h, xPx(f, HIGHLIGHT_X_MM) - h.width / 2, yPx(f, HIGHLIGHT_Y_MM) - h.height / 2);
  ctx.globalAlpha = 1;
}
