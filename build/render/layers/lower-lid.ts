import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { canthalTaper, traceMarginBand } from './margin-band.ts';

/**
 * The lower lid's margin, over the warped skin: the tear meniscus glinting along the globe, the pink
 * waterline (the lid's inner edge, seen from the front as a thin band) and the lash line under it, all
 * tapering into the canthi. The waterline and meniscus hide as the lids meet.
 */
const taper = canthalTaper(0.12, 0.18);

export function drawLowerMargin(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const show = Math.min(1, Math.max(0, (m.openness - 0.08) / 0.4));
  if (show > 0) {
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'lower', 0.02, -0.4, taper);
    ctx.fillStyle = `rgba(196, 124, 112, ${0.6 * show})`;
    ctx.fill();
    // Tear meniscus: a bright wet line right at the globe.
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'lower', 0.07, 0.0, taper);
    ctx.fillStyle = `rgba(255, 250, 246, ${0.4 * show})`;
    ctx.fill();
  }
  ctx.beginPath();
  traceMarginBand(ctx, f, m, 'lower', -0.38 * show, -0.38 * show - 0.16, taper);
  ctx.fillStyle = 'rgba(84, 48, 38, 0.35)';
  ctx.fill();
}
