import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { canthalTaper, traceMarginBand } from './margin-band.ts';

/**
 * The upper margin's own detail over the warped skin: the lash line (where the lashes root, dark and
 * dense), a little darker right at the edge, both thinning to nothing toward the canthi, and on the
 * very edge a thin wet rim catching the light (the margin's thickness, seen end-on; its glints are
 * lid-glints.ts's). It meets the lower lid's lash line when the lids shut.
 */
const LASH_LINE_MM = 0.34;
const EDGE_MM = 0.12;
const WET_RIM_MM = 0.05;
const taper = canthalTaper(0.1, 0.16);
const edgeTaper = canthalTaper(0.05, 0.1);

export function drawUpperMargin(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  ctx.beginPath();
  traceMarginBand(ctx, f, m, 'upper', -0.02, LASH_LINE_MM, taper);
  ctx.fillStyle = 'rgba(58, 34, 26, 0.55)';
  ctx.fill();
  ctx.beginPath();
  traceMarginBand(ctx, f, m, 'upper', -0.03, EDGE_MM, edgeTaper);
  ctx.fillStyle = 'rgba(34, 20, 15, 0.7)';
  ctx.fill();
  const show = Math.min(1, Math.max(0, (m.openness - 0.08) / 0.4));
  if (show > 0) {
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'upper', -0.01, WET_RIM_MM, taper);
    ctx.fillStyle = `rgba(150, 104, 96, ${0.45 * show})`;
    ctx.fill();
  }
}
