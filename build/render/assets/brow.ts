import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';
import { textureRandom } from './noise.ts';

/**
 * The brow's lower edge and hair, pre-drawn once; per frame it is only shifted up by browLiftMm. In
 * this close-up only its underside enters the top of the frame (the head, by the nose, sits lowest):
 * a brow set close above the hood (~1.5 mm over the crease), so that its lift reads.
 * Hairs grow up at the head and sweep toward the temple along the body, as real brow hair does.
 */
export const BROW_LIFT_ROOM_MM = 4;

/** The brow's lower edge, mm above the globe centre. */
export function browLowerEdgeMm(xMm: number): number {
  const u = (xMm + 22) / 42; // 0 at the tail (temple), 1 at the head (nose)
  return 11.1 + 0.6 * Math.sin(Math.PI * Math.min(1, Math.max(0, u * 0.9))) - 1.6 * Math.max(0, u - 0.7);
}

/** The brow layer extends `roomPx` above the frame (hair that a lowered brow brings into view). */
export function paintBrow(f: EyeFrame): { layer: Layer; roomPx: number; bottomPx: number } {
  const roomPx = Math.ceil(BROW_LIFT_ROOM_MM * f.pxPerMm);
  const layer = makeLayer(f.widthPx, f.heightPx + roomPx);
  const ctx = layer.ctx;
  ctx.translate(0, roomPx);
  const mm = f.pxPerMm;
  const rng = textureRandom('brow');
  ctx.lineCap = 'round';
  // A faint shadow the brow ridge throws on the hood.
  ctx.filter = `blur(${0.8 * mm}px)`;
  ctx.beginPath();
  for (let x = -24; x <= 24; x += 0.5) {
    const px = xPx(f, x);
    const py = yPx(f, browLowerEdgeMm(x) - 0.6);
    if (x === -24) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.strokeStyle = 'rgba(90, 48, 38, 0.18)';
  ctx.lineWidth = 1.6 * mm;
  ctx.stroke();
  ctx.filter = 'none';
  const shades = ['rgba(48, 32, 24, 0.85)', 'rgba(66, 44, 32, 0.75)', 'rgba(90, 64, 48, 0.6)'];
  for (let i = 0; i < 2200; i++) {
    const x = rng.uniform(-24, 22);
    const u = (x + 22) / 42;
    const y = browLowerEdgeMm(x) + Math.abs(rng.normal()) * 0.9 + rng.uniform(-0.15, 0.4);
    // Direction: up at the head, toward the temple (−x) and a little up along the body.
    const ang = u > 0.82 ? Math.PI / 2 + rng.uniform(-0.35, 0.25) : Math.PI - 0.32 + rng.uniform(-0.25, 0.25);
    const len = rng.uniform(1.4, 3.2);
    const bend = rng.uniform(-0.25, 0.1);
    const x1 = x + Math.cos(ang) * len;
    const y1 = y + Math.sin(ang) * len;
    const cx = x + Math.cos(ang + bend) * len * 0.55;
    const cy = y + Math.sin(ang + bend) * len * 0.55 + 0.1;
    ctx.beginPath();
    ctx.moveTo(xPx(f, x), yPx(f, y));
    ctx.quadraticCurveTo(xPx(f, cx), yPx(f, cy), xPx(f, x1), yPx(f, y1));
    ctx.strokeStyle = shades[i % shades.length];
    ctx.lineWidth = rng.uniform(0.06, 0.11) * mm;
    ctx.stroke();
  }
  let lowest = Infinity;
  for (let x = -24; x <= 24; x += 0.5) lowest = Math.min(lowest, browLowerEdgeMm(x));
  return { layer, roomPx, bottomPx: Math.ceil(yPx(f, lowest - 3.2)) };
}
