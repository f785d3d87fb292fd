import { smoothstep } from '../assets/noise.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { MarginBand } from './margin-paint.ts';
import { traceMarginBand } from './margin-band.ts';

/**
 * Where the lids wrap round the caruncle at the medial canthus, their margins are moist pink tissue
 * running on into the caruncle's own, not skin cut off against it: a soft pink seam straddling each
 * margin's last few millimetres (a little onto the lid, a little over the mound), so the mound meets
 * the lids without a hard dark outline. Composited in the face layer over the globe, so it rides the margins.
 */
const FROM_T = 0.8;
const FULL_T = 0.9;
const medialOnly = (t: number): number => smoothstep(FROM_T, FULL_T, t);

/**
 * The upper lid's seam, as bands under its other bands (margin-paint.ts): wide and faint under narrow
 * and fuller, each from a little onto the lid to a little over the opening.
 */
export function upperMedialSeamBands(m: LidMargins): MarginBand[] {
  if (m.openness <= 0.05) return [];
  return SEAM.map(([onLidMm, overMm, rgba]) => ({ which: 'upper' as const, fromMm: onLidMm, toMm: -overMm, taper: medialOnly, rgba: () => rgba, power: 'flat' as const }));
}

/** The lower lid's seam, drawn over its meniscus (whose light ends in it). */
export function drawLowerMedialSeam(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  if (m.openness <= 0.05) return;
  for (const [onLidMm, overMm, [r, g, b, a]] of SEAM) {
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'lower', -onLidMm, overMm, medialOnly);
    ctx.fillStyle = `rgba(${r}, ${g}, ${b}, ${a})`;
    ctx.fill();
  }
}
/** Each band: mm onto the lid, mm over the opening, colour. */
const SEAM: readonly (readonly [number, number, readonly [number, number, number, number]])[] = [
  [0.16, 0.3, [196, 124, 114, 0.2]],
  [0.07, 0.14, [204, 134, 124, 0.28]],
];
