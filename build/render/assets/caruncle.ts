import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import { textureRandom } from './noise.ts';

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
  // Caruncle body.
  ctx.save();
  ctx.filter = `blur(${0.12 * mm}px)`;
  const g = ctx.createRadialGradient(cx - 0.3 * mm, cy - 0.4 * mm, 0.1 * mm, cx, cy, 1.9 * mm);
  g.addColorStop(0, 'rgba(226, 164, 152, 0.95)');
  g.addColorStop(0.55, 'rgba(196, 122, 112, 0.85)');
  g.addColorStop(1, 'rgba(170, 96, 90, 0)');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.ellipse(cx, cy, 1.5 * mm, 1.8 * mm, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // Moist specks and fine hairs.
  const rng = textureRandom('caruncle');
  for (let i = 0; i < 14; i++) {
    const a = rng.uniform(0, Math.PI * 2);
    const r = Math.sqrt(rng.next()) * 1.2 * mm;
    ctx.fillStyle = rng.chance(0.5) ? 'rgba(255, 240, 235, 0.25)' : 'rgba(150, 80, 74, 0.18)';
    ctx.beginPath();
    ctx.arc(cx + Math.cos(a) * r, cy + Math.sin(a) * r, rng.uniform(0.04, 0.1) * mm, 0, Math.PI * 2);
    ctx.fill();
  }
}
