import type { EyeAssets } from '../assets/assets-for.ts';
import { IRIS_TEX_RADIUS_PX, IRIS_TEX_SIZE_PX, irisTexturesFor } from '../assets/iris-texture.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import type { IrisPose } from '../geometry/iris-pose.ts';
import { discEllipsePx, irisDiscMatrix } from '../geometry/iris-pose.ts';
import type { BoundsPx } from './bounds.ts';
import { blitRegion } from './bounds.ts';

/** The pupil's own colour: a hole into a dark eye, lit only by what the cornea mirrors over it. */
export const PUPIL_RGB: readonly [number, number, number] = [9, 7, 6];

/**
 * Everything seen through the opening (unclipped: the face layer drawn next covers the rest), within
 * the opening's box: the white (its surface turning with the eye, its
 * shading and the caruncle fixed), the iris and pupil, a little shade from the lower lid.
 */
export function drawGlobe(
  ctx: CanvasRenderingContext2D,
  a: EyeAssets,
  pose: IrisPose,
  lowerMargin: number[],
  box: BoundsPx,
): void {
  const f = a.frame;
  const mm = f.pxPerMm;
  ctx.save();

  // The white turns with the globe: its vessels shift with the iris (a little less: they lie nearer
  // the globe's silhouette, where the same rotation moves a point less across the picture). Whole
  // pixels: a 1:1 blit is ~10× cheaper than a resampled one, and a pixel of vessel drift is invisible.
  const pad = a.sclera.surfacePadPx;
  const sx = Math.round(box.x + pad - pose.centerXMm * 0.85 * mm);
  const sy = Math.round(box.y + pad + pose.centerYMm * 0.85 * mm);
  ctx.drawImage(a.sclera.surface.canvas, sx, sy, box.w, box.h, box.x, box.y, box.w, box.h);
  blitRegion(ctx, a.sclera.shade.canvas, box);

  drawIris(ctx, a, pose);
  // (The catchlight lies on the cornea, not the iris: layers/catchlight.ts, drawn next by draw-color.ts.)

  // (The upper lid's contact shadow is drawn after the catchlight: layers/contact-shadow.ts.)
  // The lower lid shades the globe a little, fading up from the margin (one stroke of one alpha left
  // a grey strip with an edge above the tear meniscus: a glass tube along the lid).
  ctx.lineJoin = 'round';
  ctx.beginPath();
  tracePolyline(ctx, lowerMargin, true);
  ctx.strokeStyle = 'rgb(80, 40, 34)';
  for (const [widthMm, alpha] of LOWER_SHADE) {
    ctx.globalAlpha = alpha;
    ctx.lineWidth = widthMm * mm;
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  ctx.restore();
}


/** The lower lid's shade on the globe as strokes of the margin, [width mm (half of it above the margin), alpha]: ~0.12 at the margin, gone 0.3 mm above. */
const LOWER_SHADE: readonly (readonly [number, number])[] = [
  [0.6, 0.025],
  [0.46, 0.03],
  [0.34, 0.03],
  [0.22, 0.035],
];

function drawIris(ctx: CanvasRenderingContext2D, a: EyeAssets, pose: IrisPose): void {
  const f = a.frame;
  const e = discEllipsePx(f, pose, pose.radiusMm);
  const tex = irisTexturesFor(pose.pupilRadiusMm * 2);
  const scale = (pose.radiusMm * f.pxPerMm) / IRIS_TEX_RADIUS_PX;
  const size = IRIS_TEX_SIZE_PX * scale;
  ctx.save();
  // The disc turned by yaw then pitch projects through [[cos yaw, −sin yaw·sin pitch], [0, cos pitch]]
  // (see irisDiscMatrix). The shear term is tiny unless the eye looks both sideways and up/down, and
  // an axis-aligned draw is several times cheaper in a software canvas, so it is dropped below 1 %.
  const d = irisDiscMatrix(pose);
  ctx.translate(e.xPx, e.yPx);
  ctx.transform(d.a, -d.b, Math.abs(d.c) < 0.01 ? 0 : -d.c, d.d, 0, 0);
  if (tex.weightB < 0.97) ctx.drawImage(tex.a, -size / 2, -size / 2, size, size);
  if (tex.weightB > 0.03) {
    ctx.globalAlpha = tex.weightB < 0.97 ? tex.weightB : 1;
    ctx.drawImage(tex.b, -size / 2, -size / 2, size, size);
    ctx.globalAlpha = 1;
  }
  ctx.restore();

  // The pupil, its dark pigment ruff, and the iris rising to meet it.
  const p = discEllipsePx(f, pose, pose.pupilRadiusMm);
  ctx.beginPath();
  ctx.ellipse(p.xPx, p.yPx, p.radiusXPx, p.radiusYPx, p.rotationRad, 0, Math.PI * 2);
  ctx.fillStyle = `rgb(${PUPIL_RGB.join(', ')})`;
  ctx.fill();
  // The pigment ruff at the pupil's margin: the iris's black-brown pigment layer showing at its edge,
  // darker than the iris beside it. In a warmer brown (40, 26, 16) it was lighter than both the iris's
  // darkened inner edge and the hole, a reddish ring round the pupil (2026-script frame 90 at 3×:
  // 33–38 in red against 28 on the iris and 23 in the pupil).
  ctx.lineWidth = 0.12 * f.pxPerMm;
  ctx.strokeStyle = 'rgba(14, 9, 7, 0.5)';
  ctx.stroke();
  // Only this thin rim, within a pixel or two of the pupil's edge: a shade reaching further out onto
  // the iris left a circle a coarse medium's blocks stack into a straight edge (eye picture): a 0.3-mm
  // stroke's hard rim 0.35 mm out (2003-script frame 470, 1.53 mm), and a smooth falloff over 0.45 mm
  // (its steepest ring 0.3 mm out: 1991-script frame 492, 1.53 mm). The iris's own tissue darkens
  // toward the pupil (iris-polar.ts), gently enough.
}

