import { CARUNCLE_MM } from '../geometry/caruncle-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { paintCaruncleRelief } from './caruncle-relief.ts';
import { textureRandom } from './noise.ts';

/**
 * The inner corner, painted into the globe's fixed shading layer (seen only inside the opening): the
 * lacrimal lake (the rounded medial end of the fissure, wet and a little darker), the caruncle in it
 * (geometry/caruncle-shape.ts: a mound of pink-red tissue, taller than wide) and, just lateral of it,
 * the plica semilunaris (a soft pink fold curving along it, its free edge a thin shadow with light on
 * its crest). The caruncle is not a dome: it is a cluster of small lobules, pale sebaceous ones among
 * redder crevices, wet all over, with a soft sheen and a few irregular glints (caruncle-relief.ts),
 * and a few fine hairs; where the lids wrap it they meet it as moist tissue (layers/medial-canthus.ts). Painted once per size.
 */
export function paintCaruncle(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  const C = CARUNCLE_MM;
  const cx = xPx(f, C.x);
  const cy = yPx(f, C.y);
  const rng = textureRandom('caruncle');
  // A point of the mound at (u, v) in its own unit ellipse.
  const at = (u: number, v: number): [number, number] => {
    const c = Math.cos(C.rotationRad);
    const s = Math.sin(C.rotationRad);
    const dx = u * C.rx * mm;
    const dy = v * C.ry * mm;
    return [cx + dx * c - dy * s, cy + dx * s + dy * c];
  };
  ctx.save();
  // The lacrimal lake: the wet pocket the caruncle sits in, a pinkish shade.
  const lake = ctx.createRadialGradient(cx + 0.3 * mm, cy, 0.5 * mm, cx + 0.3 * mm, cy, 3.4 * mm);
  lake.addColorStop(0, 'rgba(170, 84, 82, 0.6)');
  lake.addColorStop(0.6, 'rgba(190, 112, 106, 0.32)');
  lake.addColorStop(1, 'rgba(200, 130, 120, 0)');
  ctx.fillStyle = lake;
  ctx.fillRect(cx - 4 * mm, cy - 4 * mm, 8 * mm, 8 * mm);
  paintPlica(ctx, cx, cy, mm);
  // The mound itself: lobules, their colours and the wet film's glints, shaded from a height field.
  paintCaruncleRelief(ctx, f);
  ctx.lineCap = 'round';
  for (let i = 0; i < 4; i++) {
    const [x, y] = at(rng.uniform(-0.5, 0.5), rng.uniform(-0.6, 0.6));
    const a = rng.uniform(-0.6, 0.6) - Math.PI / 2;
    const len = rng.uniform(0.35, 0.7) * mm;
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.quadraticCurveTo(x + Math.cos(a) * len * 0.5 + 0.08 * mm, y + Math.sin(a) * len * 0.5, x + Math.cos(a) * len, y + Math.sin(a) * len);
    ctx.strokeStyle = 'rgba(236, 214, 196, 0.28)';
    ctx.lineWidth = 0.025 * mm;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The plica: a soft fold, a crescent of pink just lateral of the caruncle, reaching from the caruncle
 * to its free edge. Its gradient is squashed to the fold's own ellipse so it fades to nothing at the
 * rim: cut off by the ellipse, a tall fold's side was a 1.7 mm straight vertical edge (the picture
 * test, eye.md §11). Its free (lateral) edge is a thin curved shadow with only a faint sheen inside it:
 * short, well-curved arcs (a tall thin one reads as a straight vertical line), the shadow soft (0.125
 * mm of blur: at 0.09 mm, with the fold's pink beside it, 1991's 2-px blocks read its edge as a
 * 1.74 mm straight vertical in 1991-script frame 30). The pink once stopped 0.6 mm short of that edge
 * and a bright crest line ran inside it, so bare white showed between them as a pale crescent ringed
 * in dark: a contact lens's edge, not a fold.
 */
function paintPlica(ctx: CanvasRenderingContext2D, cx: number, cy: number, mm: number): void {
  ctx.save();
  ctx.translate(cx - 2.05 * mm, cy + 0.05 * mm);
  ctx.rotate(0.08);
  ctx.scale(0.95 / 2.3, 1);
  const plica = ctx.createRadialGradient(0.15 * mm * (2.3 / 0.95), -0.05 * mm, 0.1 * mm, 0, 0, 2.3 * mm);
  plica.addColorStop(0, 'rgba(212, 128, 124, 0.6)');
  plica.addColorStop(0.75, 'rgba(212, 130, 126, 0.5)');
  plica.addColorStop(1, 'rgba(214, 132, 128, 0)');
  ctx.fillStyle = plica;
  ctx.beginPath();
  ctx.arc(0, 0, 2.3 * mm, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.filter = `blur(${Math.max(0.4, 0.125 * mm).toFixed(2)}px)`;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.ellipse(cx - 2.25 * mm, cy + 0.05 * mm, 0.75 * mm, 1.35 * mm, 0.08, Math.PI * 0.72, Math.PI * 1.28);
  ctx.strokeStyle = 'rgba(140, 66, 64, 0.56)';
  ctx.lineWidth = 0.24 * mm;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(cx - 2.05 * mm, cy + 0.05 * mm, 0.7 * mm, 1.3 * mm, 0.08, Math.PI * 0.74, Math.PI * 1.26);
  ctx.strokeStyle = 'rgba(255, 236, 230, 0.1)';
  ctx.lineWidth = 0.2 * mm;
  ctx.stroke();
  ctx.restore();
  // The fold is wet too: two or three pinpoint glints at irregular places on its crest (fixed to it,
  // like the caruncle's; evenly spaced they read as a dotted line).
  ctx.beginPath();
  for (const [a, k] of [[0.83, 1], [1.07, 0.7], [1.18, 0.55]]) {
    const t = Math.PI * a;
    const x = cx - 2.05 * mm + 0.7 * mm * Math.cos(t) + 0.05 * mm;
    const y = cy + 0.05 * mm + 1.3 * mm * Math.sin(t);
    const r = 0.03 * k * mm;
    ctx.moveTo(x + r, y);
    ctx.ellipse(x, y, r, 0.8 * r, 0, 0, Math.PI * 2);
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.7)';
  ctx.fill();
}
