import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { Layer } from './canvas.ts';
import { makeLayer } from './canvas.ts';

/**
 * The corneal reflection of the light: a soft, slightly rounded window, upper left of the pupil at
 * rest. It is a reflection of a fixed light, so it stays put on screen as the eye turns (only its
 * brightness follows whether the cornea is under it).
 */
export const HIGHLIGHT_X_MM = -2.1;
export const HIGHLIGHT_Y_MM = 2.0;
const WIDTH_MM = 1.45;
const HEIGHT_MM = 1.15;

export function paintHighlight(f: EyeFrame): Layer {
  const mm = f.pxPerMm;
  const size = Math.ceil(3.2 * mm);
  const layer = makeLayer(size, size);
  const ctx = layer.ctx;
  const w = WIDTH_MM * mm;
  const h = HEIGHT_MM * mm;
  ctx.translate(size / 2, size / 2);
  ctx.rotate(-0.12);
  // Soft halo, then the window itself with a faint mullion.
  const halo = ctx.createRadialGradient(0, 0, 0, 0, 0, 1.5 * mm);
  halo.addColorStop(0, 'rgba(255, 255, 255, 0.22)');
  halo.addColorStop(1, 'rgba(255, 255, 255, 0)');
  ctx.fillStyle = halo;
  ctx.fillRect(-size, -size, 2 * size, 2 * size);
  ctx.filter = `blur(${Math.max(0.6, 0.05 * mm)}px)`;
  ctx.fillStyle = 'rgba(255, 255, 253, 0.92)';
  ctx.beginPath();
  ctx.roundRect(-w / 2, -h / 2, w, h, 0.28 * mm);
  ctx.fill();
  ctx.fillStyle = 'rgba(210, 215, 225, 0.5)';
  ctx.fillRect(-0.03 * mm, -h / 2, 0.06 * mm, h);
  ctx.fillRect(-w / 2, -0.03 * mm, w, 0.06 * mm);
  return layer;
}
