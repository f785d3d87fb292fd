import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';

/**
 * The caruncle (the pink mound in the inner corner) and the plica semilunaris (the fold just lateral to
 * it), painted into the globe's fixed shading layer (seen only inside the opening).
 */
export function paintCaruncle(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  const cx = xPx(f, CANTHUS_MEDIAL_MM.x - 1.7);
  const cy = yPx(f, CANTHUS_MEDIAL_MM.y + 0.15);
  // Plica: a soft pink crescent.
  ctx.save();
  ctx.filter = `blur(${0.35 * mm}px)`;
  ctx.beginPath();
  ctx.ellipse(cx - 1.9 * mm, cy, 0.75 * mm, 2.6 * mm, 0.1, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(214, 140, 132, 0.45)';
  ctx.fill();
  ctx.restore();
  // Caruncle body: a soft, low mound of pink tissue, taller than wide, its wet surface catching a
  // streak of light near the top.
  ctx.save();
  ctx.filter = `blur(${0.25 * mm}px)`;
  const g = ctx.createRadialGradient(cx - 0.2 * mm, cy - 0.3 * mm, 0.2 * mm, cx, cy, 1.8 * mm);
  g.addColorStop(0, 'rgba(218, 150, 140, 0.8)');
  g.addColorStop(0.6, 'rgba(200, 124, 116, 0.6)');
  g.addColorStop(1, 'rgba(190, 110, 104, 0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.ellipse(cx, cy, 1.3 * mm, 1.7 * mm, -0.15, 0, Math.PI * 2);
  ctx.fill();
  ctx.filter = `blur(${0.12 * mm}px)`;
  ctx.fillStyle = 'rgba(255, 244, 238, 0.3)';
  ctx.beginPath();
  ctx.ellipse(cx - 0.35 * mm, cy - 0.55 * mm, 0.45 * mm, 0.18 * mm, -0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}
