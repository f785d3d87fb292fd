import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/**
 * The lateral canthal angle, inside the opening (drawn in the face layer over the globe, so it rides
 * the lids): the globe turns away into the corner under the lids' edges, so the last ~2.5 mm of the
 * fissure darkens toward the angle, and the very tip is not a knife point but the pink tissue where
 * the lids join, a soft rounded wedge ~0.5 mm long. Only inside the lids' outline.
 */
const SHADE_MM = 2.6;
const TIP_MM = 0.95;
const SAMPLES = 16;

export function drawCanthalAngle(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  if (m.openness <= 0) return;
  const xL = m.xLateralMm;
  const wedge = (lenMm: number): void => {
    ctx.beginPath();
    for (let i = 0; i <= SAMPLES; i++) {
      const x = xL + (lenMm * i) / SAMPLES;
      if (i === 0) ctx.moveTo(xPx(f, x), yPx(f, m.upperMm(x)));
      else ctx.lineTo(xPx(f, x), yPx(f, m.upperMm(x)));
    }
    for (let i = SAMPLES; i >= 0; i--) {
      const x = xL + (lenMm * i) / SAMPLES;
      ctx.lineTo(xPx(f, x), yPx(f, m.lowerMm(x)));
    }
    ctx.closePath();
  };
  const x0 = xPx(f, xL);
  const shade = ctx.createLinearGradient(x0, 0, xPx(f, xL + SHADE_MM), 0);
  shade.addColorStop(0, 'rgba(62, 34, 30, 0.62)');
  shade.addColorStop(0.35, 'rgba(84, 48, 42, 0.3)');
  shade.addColorStop(1, 'rgba(90, 52, 44, 0)');
  wedge(SHADE_MM);
  ctx.fillStyle = shade;
  ctx.fill();
  // The join's tissue: an elliptical fade from the angle, so the opening ends rounded. (The path is
  // traced in frame px; the gradient is squashed by the transform in force when it fills.)
  wedge(TIP_MM);
  ctx.save();
  ctx.translate(x0, yPx(f, m.upperMm(xL)));
  ctx.scale(1, 0.45);
  const tip = ctx.createRadialGradient(0, 0, 0, 0, 0, TIP_MM * f.pxPerMm);
  // Shadowed tissue more than pink: at 0.9 of a bright pink it read as a pink bead in the corner.
  tip.addColorStop(0, 'rgba(138, 84, 76, 0.7)');
  tip.addColorStop(0.55, 'rgba(166, 106, 96, 0.4)');
  tip.addColorStop(1, 'rgba(170, 110, 100, 0)');
  ctx.fillStyle = tip;
  ctx.fill();
  ctx.restore();
}
