import { grain } from '../assets/noise.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { IrisPose } from '../geometry/iris-pose.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/**
 * The upper lashes mirrored in the cornea: the tear film over the cornea is a mirror too, and just
 * under the upper margin it shows the margin's lashes upside down, as fine dark strokes pointing down
 * across the top of the iris (seen in photographs wherever the cornea mirrors anything bright). Only
 * over the cornea (the sclera's mirror is too rough to image them), fading toward its edges. Each
 * stroke belongs to a lash, at a fixed place along the lid (LASH_PITCH_MM), so it rides with the lid
 * and does not slide as the eye turns.
 */
export const LASH_MIRROR_PITCH_MM = 0.16;
const LENGTH_MM: [number, number] = [0.2, 0.62];
const WIDTH_MM = 0.035;
const ALPHA = 0.3;

export function drawLashMirror(ctx: CanvasRenderingContext2D, f: EyeFrame, pose: IrisPose, m: LidMargins): void {
  if (m.openness <= 0.15) return;
  const mm = f.pxPerMm;
  const r = pose.radiusMm * pose.minorScale;
  const x0 = Math.ceil((Math.max(m.xLateralMm, pose.centerXMm - r)) / LASH_MIRROR_PITCH_MM);
  const x1 = Math.floor((Math.min(m.xMedialMm, pose.centerXMm + r)) / LASH_MIRROR_PITCH_MM);
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(0.6, WIDTH_MM * mm);
  // Strokes sorted into three strengths: one path each (a stroke per lash would be a draw call each).
  for (let band = 0; band < 3; band++) {
    ctx.beginPath();
    for (let k = x0; k <= x1; k++) {
      const h = grain(k, 17, 41);
      if (Math.floor(((h + 1) / 2) * 2.999) !== band) continue;
      const x = k * LASH_MIRROR_PITCH_MM + 0.05 * grain(k, 3, 9);
      // Over the cornea's middle the mirror is clearest; toward its rim the image thins away.
      const across = Math.abs(x - pose.centerXMm) / r;
      const len = (LENGTH_MM[0] + (LENGTH_MM[1] - LENGTH_MM[0]) * (0.5 + 0.5 * grain(k, 5, 23))) * (1 - across * across);
      if (len < 0.08) continue;
      const y = m.upperMm(x) - 0.04;
      // Mirrored, a lash curling up and out points down and out: lean toward the nearer canthus.
      const lean = (x - pose.centerXMm) * 0.05 + 0.06 * grain(k, 11, 5);
      ctx.moveTo(xPx(f, x), yPx(f, y));
      ctx.quadraticCurveTo(xPx(f, x + lean * 0.3), yPx(f, y - len * 0.6), xPx(f, x + lean), yPx(f, y - len));
    }
    ctx.strokeStyle = `rgba(28, 18, 12, ${(ALPHA * (0.55 + 0.225 * band) * Math.min(1, m.openness / 0.4)).toFixed(3)})`;
    ctx.stroke();
  }
  ctx.restore();
}
