import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import { textureRandom } from './noise.ts';

/**
 * The inner corner, painted into the globe's fixed shading layer (seen only inside the opening): the
 * lacrimal lake (the rounded medial end of the fissure, wet and a little darker), the caruncle in it (a
 * low mound of pink tissue, taller than wide, its surface finely lumpy with a few fine hairs and a wet
 * streak of light near the top) and, just lateral of it, the plica semilunaris (a soft pink fold
 * curving along it).
 */
export const CARUNCLE_X_MM = CANTHUS_MEDIAL_MM.x - 1.3;
export const CARUNCLE_Y_MM = CANTHUS_MEDIAL_MM.y + 0.05;
const CARUNCLE_RX_MM = 1.3;
const CARUNCLE_RY_MM = 1.65;

export function paintCaruncle(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  const cx = xPx(f, CARUNCLE_X_MM);
  const cy = yPx(f, CARUNCLE_Y_MM);
  const rng = textureRandom('caruncle');
  ctx.save();
  // The lacrimal lake: the wet pocket the caruncle sits in, a pinkish shade.
  const lake = ctx.createRadialGradient(cx + 0.3 * mm, cy, 0.5 * mm, cx + 0.3 * mm, cy, 3.4 * mm);
  lake.addColorStop(0, 'rgba(176, 96, 92, 0.55)');
  lake.addColorStop(0.6, 'rgba(190, 116, 108, 0.3)');
  lake.addColorStop(1, 'rgba(200, 130, 120, 0)');
  ctx.fillStyle = lake;
  ctx.fillRect(cx - 4 * mm, cy - 4 * mm, 8 * mm, 8 * mm);
  // The plica: a soft fold, a crescent of pink just lateral of the caruncle. Its gradient is squashed
  // to the fold's own ellipse so it fades to nothing at the rim: cut off by the ellipse, a tall fold's
  // side was a 1.7 mm straight vertical edge (the picture test, eye.md §11).
  ctx.save();
  ctx.translate(cx - 1.75 * mm, cy + 0.05 * mm);
  ctx.rotate(0.08);
  ctx.scale(0.55 / 2.3, 1);
  const plica = ctx.createRadialGradient(0.15 * mm * (2.3 / 0.55), -0.05 * mm, 0.1 * mm, 0, 0, 2.3 * mm);
  plica.addColorStop(0, 'rgba(214, 140, 134, 0.5)');
  plica.addColorStop(1, 'rgba(214, 140, 134, 0)');
  ctx.fillStyle = plica;
  ctx.beginPath();
  ctx.arc(0, 0, 2.3 * mm, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // Its lateral rim catches a thin line of light: a short, well-curved arc (a tall thin one read as a
  // straight vertical line).
  ctx.beginPath();
  ctx.ellipse(cx - 2.05 * mm, cy + 0.05 * mm, 0.7 * mm, 1.4 * mm, 0.08, Math.PI * 0.7, Math.PI * 1.3);
  ctx.strokeStyle = 'rgba(255, 236, 230, 0.22)';
  ctx.lineWidth = 0.08 * mm;
  ctx.stroke();
  // The caruncle: a lit mound, lighter to the upper left (the light), darker where it turns away.
  const body = ctx.createRadialGradient(cx - 0.35 * mm, cy - 0.45 * mm, 0.15 * mm, cx, cy, Math.max(CARUNCLE_RX_MM, CARUNCLE_RY_MM) * mm);
  body.addColorStop(0, 'rgba(226, 164, 154, 0.9)');
  body.addColorStop(0.55, 'rgba(206, 130, 122, 0.8)');
  body.addColorStop(0.85, 'rgba(180, 104, 98, 0.6)');
  body.addColorStop(1, 'rgba(160, 80, 78, 0)');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.ellipse(cx, cy, CARUNCLE_RX_MM * mm, CARUNCLE_RY_MM * mm, -0.12, 0, Math.PI * 2);
  ctx.fill();
  // Its surface: fine lumps (light tops, dark sides) and a few fine pale hairs.
  for (let i = 0; i < 28; i++) {
    const a = rng.uniform(0, Math.PI * 2);
    const r = Math.sqrt(rng.next()) * 0.85;
    const x = cx + Math.cos(a) * r * CARUNCLE_RX_MM * mm;
    const y = cy + Math.sin(a) * r * CARUNCLE_RY_MM * mm;
    const s = rng.uniform(0.06, 0.12) * mm;
    ctx.beginPath();
    ctx.arc(x + 0.3 * s, y + 0.3 * s, s, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(150, 70, 66, 0.1)';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(x - 0.2 * s, y - 0.2 * s, 0.6 * s, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(250, 200, 190, 0.12)';
    ctx.fill();
  }
  ctx.lineCap = 'round';
  for (let i = 0; i < 5; i++) {
    const x = cx + rng.uniform(-0.6, 0.6) * mm;
    const y = cy + rng.uniform(-0.9, 0.9) * mm;
    const a = rng.uniform(-0.6, 0.6) - Math.PI / 2;
    const len = rng.uniform(0.4, 0.8) * mm;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + Math.cos(a) * len, y + Math.sin(a) * len);
    ctx.strokeStyle = 'rgba(236, 214, 196, 0.35)';
    ctx.lineWidth = 0.03 * mm;
    ctx.stroke();
  }
  // The wet streak of light near its top.
  const streak = ctx.createRadialGradient(cx - 0.3 * mm, cy - 0.75 * mm, 0, cx - 0.3 * mm, cy - 0.75 * mm, 0.4 * mm);
  streak.addColorStop(0, 'rgba(255, 248, 244, 0.45)');
  streak.addColorStop(1, 'rgba(255, 248, 244, 0)');
  ctx.beginPath();
  ctx.ellipse(cx - 0.3 * mm, cy - 0.75 * mm, 0.4 * mm, 0.14 * mm, -0.45, 0, Math.PI * 2);
  ctx.fillStyle = streak;
  ctx.fill();
  ctx.restore();
}
