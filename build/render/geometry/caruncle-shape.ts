import type { EyeFrame } from './eye-frame.ts';
import { xPx, yPx } from './eye-frame.ts';
import { CANTHUS_MEDIAL_MM } from './lid-shape.ts';

/**
 * The caruncle's outline: a low mound in the lacrimal lake just lateral of the medial canthus, taller
 * than wide, leaning a little. One home for the shape both passes use: the colour pass paints the
 * mound in it (assets/caruncle.ts), the mask pass fills it as its own class (draw-mask.ts), seen only
 * where the lids leave it open.
 */
export const CARUNCLE_MM = {
  x: CANTHUS_MEDIAL_MM.x - 1.3,
  y: CANTHUS_MEDIAL_MM.y + 0.05,
  rx: 1.3,
  ry: 1.65,
  rotationRad: -0.12,
} as const;

/** Append the outline (frame px) to the current path. */
export function traceCaruncle(ctx: CanvasRenderingContext2D, f: EyeFrame, scale = 1): void {
  const c = CARUNCLE_MM;
  ctx.ellipse(xPx(f, c.x), yPx(f, c.y), c.rx * scale * f.pxPerMm, c.ry * scale * f.pxPerMm, c.rotationRad, 0, Math.PI * 2);
}
