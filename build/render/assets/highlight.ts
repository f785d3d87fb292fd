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
const WIDTH_MM = 0.95;
const HEIGHT_MM = 0.78;

export function paintHighlight(f: EyeFrame): Layer {
  const mm = f.pxPerMm;
  const size = Math.ceil(3.2 * mm);
  const layer = makeLayer(size, size);
  const ctx = layer.ctx;
  const w = WIDTH_MM * mm;
  const h = HEIGHT_MM * mm;
  ctx.translate(size / 2, size / 2);
  ctx.rotate(-0.2);
  // Soft halo, then the window itself: a rounded, slightly bowed pane, brightest toward the light.
  const halo = ctx.createRadialGradient(0, 0, 0, 0, 0, 1.3 * mm);
  halo.addColorStop(0, 'rgba(255, 255, 255, 0.16)');
  halo.addColorStop(1, 'rgba(255, 255, 255, 0)');
  ctx.fillStyle = halo;
  ctx.fillRect(-size, -size, 2 * size, 2 * size);
  ctx.filter = `blur(${Math.max(0.8, 0.05 * mm)}px)`;
  const pane = ctx.createLinearGradient(-w / 2, -h / 2, w / 2, h / 2);
  pane.addColorStop(0, 'rgba(255, 255, 255, 0.95)');
  pane.addColorStop(1, 'rgba(236, 242, 250, 0.7)');
  ctx.fillStyle = pane;
  ctx.beginPath();
  ctx.moveTo(-w / 2, -h / 2 + 0.1 * h);
  ctx.quadraticCurveTo(0, -h / 2 - 0.12 * h, w / 2, -h / 2 + 0.1 * h);
  ctx.quadraticCurveTo(w / 2 + 0.08 * w, 0, w / 2, h / 2 - 0.1 * h);
  ctx.quadraticCurveTo(0, h / 2 + 0.12 * h, -w / 2, h / 2 - 0.1 * h);
  ctx.quadraticCurveTo(-w / 2 - 0.08 * w, 0, -w / 2, -h / 2 + 0.1 * h);
  ctx.fill();
  return layer;
}
