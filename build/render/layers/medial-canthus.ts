import { smoothstep } from '../assets/noise.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { traceMarginBand } from './margin-band.ts';

/**
 * Where the lids wrap round the caruncle at the medial canthus, their margins are moist pink tissue
 * running on into the caruncle's own, not skin cut off against it: a soft pink seam straddling each
 * margin's last few millimetres (a little onto the lid, a little over the mound), so the mound meets
 * the lids without a hard dark outline. Drawn in the face layer over the globe, so it rides the margins.
 */
const FROM_T = 0.8;
const FULL_T = 0.9;
const medialOnly = (t: number): number => smoothstep(FROM_T, FULL_T, t);

export function drawMedialSeam(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  if (m.openness <= 0.05) return;
  // Each band: mm onto the lid, mm over the opening, colour. Wide and faint under narrow and fuller.
  const bands: readonly (readonly [number, number, string])[] = [
    [0.16, 0.3, 'rgba(196, 124, 114, 0.2)'],
    [0.07, 0.14, 'rgba(204, 134, 124, 0.28)'],
  ];
  for (const [onLidMm, overMm, style] of bands) {
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'lower', -onLidMm, overMm, medialOnly);
    traceMarginBand(ctx, f, m, 'upper', onLidMm, -overMm, medialOnly);
    ctx.fillStyle = style;
    ctx.fill();
  }
}
