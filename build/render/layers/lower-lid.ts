import { tracePolyline } from '../assets/mm-draw.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/**
 * The lower lid's margin, over the static skin: the tear meniscus glinting along the globe, the pink
 * waterline (the lid's inner edge, seen from the front as a thin band) and the lash line below it. The
 * waterline hides as the lids meet.
 */
export function drawLowerLid(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, lowerMargin: number[]): void {
  const mm = f.pxPerMm;
  const show = Math.min(1, Math.max(0, (m.openness - 0.1) / 0.5));
  const n = lowerMargin.length / 2;
  const taper = (i: number): number => Math.sin((Math.PI * i) / (n - 1)) ** 0.6;
  const band = (depthMm: number): number[] => {
    const out = lowerMargin.slice();
    for (let i = 0; i < n; i++) out[2 * i + 1] += depthMm * mm * taper(i);
    return out;
  };
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (show > 0) {
    const inner = band(0);
    const outer = band(0.42);
    ctx.beginPath();
    tracePolyline(ctx, inner, true);
    for (let i = n - 1; i >= 0; i--) ctx.lineTo(outer[2 * i], outer[2 * i + 1]);
    ctx.closePath();
    ctx.fillStyle = `rgba(192, 126, 114, ${0.7 * show})`;
    ctx.fill();
    ctx.beginPath();
    tracePolyline(ctx, band(0.5), true);
    ctx.strokeStyle = `rgba(96, 54, 42, ${0.3 * show})`;
    ctx.lineWidth = 0.16 * mm;
    ctx.stroke();
    // Tear meniscus: a bright wet line right at the globe.
    ctx.beginPath();
    tracePolyline(ctx, band(-0.06), true);
    ctx.strokeStyle = `rgba(255, 252, 248, ${0.35 * show})`;
    ctx.lineWidth = 0.07 * mm;
    ctx.stroke();
  }
  ctx.restore();
}
