import { CARUNCLE_MM } from '../geometry/caruncle-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { textureRandom } from './noise.ts';

/**
 * The inner corner, painted into the globe's fixed shading layer (seen only inside the opening): the
 * lacrimal lake (the rounded medial end of the fissure, wet and a little darker), the caruncle in it
 * (geometry/caruncle-shape.ts: a mound of pink-red tissue, taller than wide) and, just lateral of it,
 * the plica semilunaris (a soft pink fold curving along it, its free edge a thin shadow with light on
 * its crest). The caruncle is not a dome: it is a cluster of small lobules (each lit from above, with
 * a shadowed underside), dotted with pale gland openings and a few fine hairs, wet all over, so it
 * throws a scatter of tiny glints and a longer streak near its top. Painted once per size.
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
  // The mound's body: lighter to the upper left (the light), darker where it turns away. Its gradient
  // is squashed to the mound's own ellipse, so it fades to nothing at the rim (a round gradient in the
  // narrower ellipse was cut off at 60 % and read as a disc's edge).
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(C.rotationRad);
  ctx.scale(C.rx / C.ry, 1);
  const body = ctx.createRadialGradient(-0.3 * mm * (C.ry / C.rx), -0.45 * mm, 0.15 * mm, 0, 0, C.ry * mm);
  body.addColorStop(0, 'rgba(222, 146, 138, 0.95)');
  body.addColorStop(0.5, 'rgba(200, 116, 110, 0.9)');
  body.addColorStop(0.72, 'rgba(176, 94, 92, 0.72)');
  body.addColorStop(0.88, 'rgba(160, 84, 84, 0.35)');
  body.addColorStop(1, 'rgba(150, 76, 76, 0)');
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.arc(0, 0, C.ry * mm, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // Lobules: a shadow crescent under each, then its lit top; softer toward the rim, where the mound
  // turns into the lake (else its outline reads as a cut disc).
  const lobes: { x: number; y: number; r: number; k: number }[] = [];
  for (let i = 0; i < 90; i++) {
    const a = rng.uniform(0, Math.PI * 2);
    const k = Math.sqrt(rng.next()) * 0.92;
    const [x, y] = at(Math.cos(a) * k, Math.sin(a) * k);
    lobes.push({ x, y, r: rng.uniform(0.1, 0.26) * mm * (1 - 0.3 * k), k });
  }
  for (const l of lobes) {
    const w = 1 - 0.6 * l.k * l.k;
    const g = ctx.createRadialGradient(l.x + 0.35 * l.r, l.y + 0.45 * l.r, 0, l.x + 0.35 * l.r, l.y + 0.45 * l.r, 1.15 * l.r);
    g.addColorStop(0, `rgba(112, 38, 42, ${(0.36 * w).toFixed(3)})`);
    g.addColorStop(1, 'rgba(112, 38, 42, 0)');
    ctx.fillStyle = g;
    ctx.fillRect(l.x - 1.6 * l.r, l.y - 1.6 * l.r, 3.2 * l.r, 3.2 * l.r);
  }
  for (const l of lobes) {
    const w = 1 - 0.6 * l.k * l.k;
    const g = ctx.createRadialGradient(l.x - 0.3 * l.r, l.y - 0.35 * l.r, 0, l.x - 0.2 * l.r, l.y - 0.25 * l.r, l.r);
    g.addColorStop(0, `rgba(244, 178, 170, ${(0.48 * w).toFixed(3)})`);
    g.addColorStop(0.6, `rgba(226, 146, 140, ${(0.2 * w).toFixed(3)})`);
    g.addColorStop(1, 'rgba(226, 146, 140, 0)');
    ctx.fillStyle = g;
    ctx.fillRect(l.x - l.r, l.y - l.r, 2 * l.r, 2 * l.r);
  }
  // A few pale gland openings (the caruncle carries sebaceous glands and fine hairs).
  ctx.beginPath();
  for (let i = 0; i < 14; i++) {
    const a = rng.uniform(0, Math.PI * 2);
    const k = Math.sqrt(rng.next()) * 0.8;
    const [x, y] = at(Math.cos(a) * k, Math.sin(a) * k);
    const r = rng.uniform(0.02, 0.035) * mm;
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
  ctx.fillStyle = 'rgba(240, 222, 192, 0.35)';
  ctx.fill();
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
  // The wet surface's glints: on some lobules' lit tops, most on the upper half (toward the light),
  // a few drawn out along the surface; a faint halo round each.
  const glints: { x: number; y: number; r: number; e: number; a: number }[] = [];
  for (const l of lobes) {
    if (glints.length >= 13 || l.k > 0.8 || !rng.chance(l.y < cy ? 0.4 : 0.15)) continue;
    glints.push({ x: l.x - 0.35 * l.r, y: l.y - 0.4 * l.r, r: rng.uniform(0.025, 0.06) * mm, e: rng.chance(0.3) ? rng.uniform(1.6, 2.6) : 1, a: rng.uniform(-0.6, 0.6) });
  }
  ctx.beginPath();
  for (const g of glints) {
    ctx.moveTo(g.x + 2.2 * g.r * g.e, g.y);
    ctx.ellipse(g.x, g.y, 2.2 * g.r * g.e, 1.6 * g.r, g.a, 0, Math.PI * 2);
  }
  ctx.fillStyle = 'rgba(255, 246, 240, 0.2)';
  ctx.fill();
  ctx.beginPath();
  for (const g of glints) {
    ctx.moveTo(g.x + g.r * g.e, g.y);
    ctx.ellipse(g.x, g.y, g.r * g.e, 0.8 * g.r, g.a, 0, Math.PI * 2);
  }
  ctx.fillStyle = 'rgba(255, 255, 255, 0.95)';
  ctx.fill();
  // The longer streak of light near its top, where the mound turns to face the light.
  const [sx, sy] = at(-0.25, -0.5);
  const streak = ctx.createRadialGradient(sx, sy, 0, sx, sy, 0.4 * mm);
  streak.addColorStop(0, 'rgba(255, 250, 246, 0.75)');
  streak.addColorStop(0.5, 'rgba(255, 250, 246, 0.25)');
  streak.addColorStop(1, 'rgba(255, 250, 246, 0)');
  ctx.beginPath();
  ctx.ellipse(sx, sy, 0.4 * mm, 0.12 * mm, -0.5, 0, Math.PI * 2);
  ctx.fillStyle = streak;
  ctx.fill();
  ctx.restore();
}

/**
 * The plica: a soft fold, a crescent of pink just lateral of the caruncle. Its gradient is squashed to
 * the fold's own ellipse so it fades to nothing at the rim: cut off by the ellipse, a tall fold's side
 * was a 1.7 mm straight vertical edge (the picture test, eye.md §11). Its free (lateral) edge is a
 * thin curved shadow with the crest's light just inside it: short, well-curved arcs (a tall thin one
 * reads as a straight vertical line).
 */
function paintPlica(ctx: CanvasRenderingContext2D, cx: number, cy: number, mm: number): void {
  ctx.save();
  ctx.translate(cx - 1.75 * mm, cy + 0.05 * mm);
  ctx.rotate(0.08);
  ctx.scale(0.55 / 2.3, 1);
  const plica = ctx.createRadialGradient(0.15 * mm * (2.3 / 0.55), -0.05 * mm, 0.1 * mm, 0, 0, 2.3 * mm);
  plica.addColorStop(0, 'rgba(214, 132, 128, 0.6)');
  plica.addColorStop(1, 'rgba(214, 132, 128, 0)');
  ctx.fillStyle = plica;
  ctx.beginPath();
  ctx.arc(0, 0, 2.3 * mm, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  ctx.save();
  ctx.filter = `blur(${Math.max(0.4, 0.05 * mm).toFixed(2)}px)`;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.ellipse(cx - 2.25 * mm, cy + 0.05 * mm, 0.75 * mm, 1.35 * mm, 0.08, Math.PI * 0.72, Math.PI * 1.28);
  ctx.strokeStyle = 'rgba(150, 76, 72, 0.28)';
  ctx.lineWidth = 0.09 * mm;
  ctx.stroke();
  ctx.beginPath();
  ctx.ellipse(cx - 2.05 * mm, cy + 0.05 * mm, 0.7 * mm, 1.3 * mm, 0.08, Math.PI * 0.74, Math.PI * 1.26);
  ctx.strokeStyle = 'rgba(255, 236, 230, 0.3)';
  ctx.lineWidth = 0.07 * mm;
  ctx.stroke();
  ctx.restore();
}
