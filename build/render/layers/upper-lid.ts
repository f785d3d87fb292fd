import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { canthalTaper, traceMarginBand } from './margin-band.ts';

/**
 * The upper margin's own detail over the warped skin: the lash line (where the lashes root, dark and
 * dense), a little darker right at the edge, both thinning to nothing toward the canthi. It meets the
 * lower lid's lash line when the lids shut.
 */
const LASH_LINE_MM = 0.34;
const EDGE_MM = 0.12;
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
}
