import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { PeriodicNoise1D, textureRandom } from '../assets/noise.ts';
import { canthalTaper, fillMarginRamp, traceMarginBand } from './margin-band.ts';

/**
 * The upper margin's own detail over the warped skin: the lash line (where the lashes root, dark and
 * dense), darkest right at the edge, both thinning to nothing toward the canthi, and on the very edge
 * a thin wet rim catching the light (the margin's thickness, seen end-on; its glints are
 * lid-glints.ts's). It meets the lower lid's lash line when the lids shut.
 *
 * The lash line is no drawn stroke of one width: in a frontal photograph the crowded hair bases, the
 * margin's front edge and the shade under the lashes make a dark band that fades up into the lid's skin
 * and is thicker where the lashes clump, thinner between (LASH_LINE_WANDER along the lid). A 0.34 mm
 * band of one width and one edge read as a pencilled line with bare skin above it.
 */
const LASH_LINE_MM = 0.45;
/** The band's width wanders ± this share along the lid (~1.5 mm features: a clump's width). */
const LASH_LINE_WANDER = 0.3;
const LASH_LINE_RGB = '48, 30, 23';
const EDGE_MM = 0.12;
const WET_RIM_MM = 0.05;
const taper = canthalTaper(0.1, 0.16);
const edgeTaper = canthalTaper(0.05, 0.1);
/**
 * Where the lash-bearing margin ends toward the nose, mm from the medial canthus: the lacrimal part
 * beyond it (medial of the punctum) has no lashes and no dark line, rounded pink margin round the
 * caruncle's lake; the lash line and the edge's dark line fade out over the next LACRIMAL_FADE_MM
 * (drawn to the canthus, they outlined the caruncle's corner as a pencilled knife point).
 */
const LASH_BEARING_FROM_MEDIAL_MM = 6.5;
const LACRIMAL_FADE_MM = 4;
/** How much of its darkness the line keeps at the medial canthus. */
const LACRIMAL_KEEP = 0.12;

/** `rgb` at `alpha`, fading toward the medial canthus over the lacrimal part of the margin. */
function medialFade(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, rgb: string, alpha: number): CanvasGradient {
  const g = ctx.createLinearGradient(xPx(f, m.xMedialMm - LASH_BEARING_FROM_MEDIAL_MM), 0, xPx(f, m.xMedialMm - LASH_BEARING_FROM_MEDIAL_MM + LACRIMAL_FADE_MM), 0);
  g.addColorStop(0, `rgba(${rgb}, ${alpha})`);
  g.addColorStop(1, `rgba(${rgb}, ${alpha * LACRIMAL_KEEP})`);
  return g;
}

/** The lash line's width along the lid (t, 0 lateral … 1 medial) as a share of LASH_LINE_MM; grown once. */
let wander: PeriodicNoise1D | null = null;
function lashLineWidth(t: number): number {
  wander ??= new PeriodicNoise1D(textureRandom('lash-line'), 20);
  return taper(t) * (1 + LASH_LINE_WANDER * wander.at(t * 20));
}

export function drawUpperMargin(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  // A soft fade, 0.9 dark at the margin, gone at 1.4 × its width (four flat layers showed as stripes).
  fillMarginRamp(ctx, f, m, 'upper', -0.02, 1.4 * LASH_LINE_MM, lashLineWidth, medialFade(ctx, f, m, LASH_LINE_RGB, 1), 0.9, 1, 12);
  ctx.beginPath();
  traceMarginBand(ctx, f, m, 'upper', -0.03, EDGE_MM, edgeTaper);
  ctx.fillStyle = medialFade(ctx, f, m, '34, 20, 15', 0.7);
  ctx.fill();
  const show = Math.min(1, Math.max(0, (m.openness - 0.08) / 0.4));
  if (show > 0) {
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'upper', -0.01, WET_RIM_MM, taper);
    ctx.fillStyle = `rgba(150, 104, 96, ${0.45 * show})`;
    ctx.fill();
  }
}
