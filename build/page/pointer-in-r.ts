import { cursorTipPx } from '../render/geometry/cursor-shape.ts';
import { eyeFrame } from '../render/geometry/eye-frame.ts';

/**
 * A pointer position on the canvas (CSS px, origin top-left) in units of the iris radius R about the
 * globe centre, +x right, +y up: the units of a scene's pointer track, so the inverse of where the
 * films draw the arrow's tip (cursorTipPx). The globe centre sits mid-width but low (eye-frame.ts), not
 * at the canvas centre.
 */
export function pointerInR(xPx: number, yPx: number, widthPx: number, heightPx: number): { xR: number; yR: number } {
  const f = eyeFrame(widthPx, heightPx);
  // cursorTipPx is affine in (xR, yR): its value at (0, 0) and (1, 1) gives the origin and 1 R in px.
  const o = cursorTipPx(f, 0, 0);
  const one = cursorTipPx(f, 1, 1);
  return { xR: (xPx - o.x) / (one.x - o.x), yR: (yPx - o.y) / (one.y - o.y) };
}
