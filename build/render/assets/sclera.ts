import type { EyeFrame } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM } from '../geometry/lid-shape.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';
import { paintCaruncle } from './caruncle.ts';
import { blobMm } from './mm-draw.ts';
import { textureRandom } from './noise.ts';

/**
 * The white of the eye, in two layers:
 * - `surface`: what rotates with the globe (a warm white, a faint grey-blue ring round the limbus, fine
 *   vessels running in from the corners); drawn shifted with the iris, a little larger than the frame;
 * - `shade`: what stays put on screen (the socket's shadow toward the corners, the pink of the canthi,
 *   the caruncle).
 */
export interface ScleraLayers {
  surface: Layer;
  /** Extra border (px) around the frame in `surface`, so it can shift without showing an edge. */
  surfacePadPx: number;
  shade: Layer;
}

export const SCLERA_SHIFT_PAD_MM = 8;

export function paintSclera(f: EyeFrame): ScleraLayers {
  const pad = Math.ceil(SCLERA_SHIFT_PAD_MM * f.pxPerMm);
  const surface = makeLayer(f.widthPx + 2 * pad, f.heightPx + 2 * pad);
  const sf: EyeFrame = { ...f, widthPx: f.widthPx + 2 * pad, heightPx: f.heightPx + 2 * pad, centerXPx: f.centerXPx + pad, centerYPx: f.centerYPx + pad };
  const s = surface.ctx;
  s.fillStyle = 'rgb(236, 230, 223)';
  s.fillRect(0, 0, surface.canvas.width, surface.canvas.height);
  // Slight unevenness of the white.
  const rng = textureRandom('sclera');
  for (let i = 0; i < 26; i++) {
    const tint = rng.chance(0.5) ? '232, 214, 200' : '226, 226, 228';
    blobMm(s, sf, rng.uniform(-18, 18), rng.uniform(-7, 7), rng.uniform(2, 5), `rgba(${tint}, 0.35)`, `rgba(${tint}, 0)`);
  }
  // Perilimbal grey-blue ring (thinner sclera over the ciliary body).
  s.save();
  const g = s.createRadialGradient(sf.centerXPx, sf.centerYPx, 5.6 * f.pxPerMm, sf.centerXPx, sf.centerYPx, 9 * f.pxPerMm);
  g.addColorStop(0, 'rgba(150, 160, 176, 0.14)');
  g.addColorStop(1, 'rgba(150, 160, 176, 0)');
  s.fillStyle = g;
  s.fillRect(0, 0, surface.canvas.width, surface.canvas.height);
  s.restore();
  // Vessels are drawn at half resolution and scaled up: soft as if under the conjunctiva, and far
  // cheaper than a blur filter.
  const half = makeLayer(surface.canvas.width / 2, surface.canvas.height / 2);
  paintVessels(half.ctx, { ...sf, pxPerMm: sf.pxPerMm / 2, centerXPx: sf.centerXPx / 2, centerYPx: sf.centerYPx / 2 }, rng);
  s.drawImage(half.canvas, 0, 0, surface.canvas.width, surface.canvas.height);

  const shade = makeLayer(f.widthPx, f.heightPx);
  const h = shade.ctx;
  // Socket shadow: the globe turns away from the light toward the corners.
  h.save();
  h.translate(f.centerXPx, f.centerYPx - 0.8 * f.pxPerMm);
  h.scale(1.9, 1);
  const v = h.createRadialGradient(0, 0, 4.5 * f.pxPerMm, 0, 0, 9.5 * f.pxPerMm);
  v.addColorStop(0, 'rgba(120, 80, 72, 0)');
  v.addColorStop(0.55, 'rgba(120, 80, 72, 0.2)');
  v.addColorStop(1, 'rgba(96, 58, 52, 0.62)');
  h.fillStyle = v;
  h.fillRect(-f.widthPx, -f.heightPx, 2 * f.widthPx, 2 * f.heightPx);
  h.restore();
  // Pink, moist corners.
  // (The caruncle and lacrimal lake carry the inner corner's pink; here only a faint flush.)
  blobMm(h, f, CANTHUS_MEDIAL_MM.x - 3.5, CANTHUS_MEDIAL_MM.y + 0.2, 4.5, 'rgba(206, 118, 110, 0.22)', 'rgba(206, 118, 110, 0)');
  // The lateral angle: the globe turns away into the canthus, in shadow.
  blobMm(h, f, CANTHUS_LATERAL_MM.x + 0.8, CANTHUS_LATERAL_MM.y, 3, 'rgba(120, 72, 64, 0.42)', 'rgba(150, 96, 88, 0)');
  paintCaruncle(h, f);
  return { surface, surfacePadPx: pad, shade };
}

/** Fine vessels from the corners toward the limbus, thinning and fading as they go. */
function paintVessels(ctx: CanvasRenderingContext2D, f: EyeFrame, rng: ReturnType<typeof textureRandom>): void {
  const mm = f.pxPerMm;
  const walk = (x: number, y: number, dir: number, width: number, alpha: number, depth: number): void => {
    let a = dir;
    ctx.beginPath();
    ctx.moveTo(f.centerXPx + x * mm, f.centerYPx - y * mm);
    const steps = rng.int(8, 16);
    for (let i = 0; i < steps; i++) {
      a += rng.uniform(-0.45, 0.45);
      const len = rng.uniform(0.4, 0.9);
      x += Math.cos(a) * len;
      y += Math.sin(a) * len;
      ctx.lineTo(f.centerXPx + x * mm, f.centerYPx - y * mm);
      if (Math.hypot(x, y) < 7.2) break;
      if (depth < 2 && rng.chance(0.12)) {
        const bx = x;
        const by = y;
        ctx.strokeStyle = `rgba(176, 52, 48, ${alpha})`;
        ctx.lineWidth = width * mm;
        ctx.stroke();
        walk(bx, by, a + rng.uniform(-0.9, 0.9), width * 0.65, alpha * 0.8, depth + 1);
        ctx.beginPath();
        ctx.moveTo(f.centerXPx + x * mm, f.centerYPx - y * mm);
      }
    }
    ctx.strokeStyle = `rgba(176, 52, 48, ${alpha})`;
    ctx.lineWidth = width * mm;
    ctx.stroke();
  };
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (let i = 0; i < 22; i++) {
    const medial = i % 2 === 0;
    const x = medial ? rng.uniform(11, 17) : rng.uniform(-17, -11);
    const y = rng.uniform(-4.5, 4.5);
    const dir = Math.atan2(-y * 0.5, -x) + rng.uniform(-0.5, 0.5);
    walk(x, y, dir, rng.uniform(0.03, 0.07), rng.uniform(0.06, 0.2), 0);
  }
  ctx.restore();
}
