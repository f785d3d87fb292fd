import type { LidMargins } from '../geometry/lid-margins.ts';
import { PeriodicNoise1D, textureRandom } from '../assets/noise.ts';
import { canthalTaper, marginShow } from './margin-band.ts';
import type { MarginBand } from './margin-paint.ts';
import { stackRamp } from './margin-paint.ts';
import { upperMedialSeamBands } from './medial-canthus.ts';

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
const LASH_LINE_RGB = [48, 30, 23] as const;
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
function medialFade(m: LidMargins, rgb: readonly [number, number, number], alpha: number): MarginBand['rgba'] {
  const from = m.xMedialMm - LASH_BEARING_FROM_MEDIAL_MM;
  return (xMm) => [rgb[0], rgb[1], rgb[2], alpha * (1 - (1 - LACRIMAL_KEEP) * Math.min(1, Math.max(0, (xMm - from) / LACRIMAL_FADE_MM)))];
}

/** The lash line's width along the lid (t, 0 lateral … 1 medial) as a share of LASH_LINE_MM; grown once. */
let wander: PeriodicNoise1D | null = null;
function lashLineWidth(t: number): number {
  wander ??= new PeriodicNoise1D(textureRandom('lash-line'), 20);
  return taper(t) * (1 + LASH_LINE_WANDER * wander.at(t * 20));
}

/** The upper margin's bands (composited per pixel into the face layer: margin-paint.ts). */
export function upperMarginBands(m: LidMargins): MarginBand[] {
  // A soft fade, 0.9 dark at the margin, gone at 1.4 × its width (four flat layers showed as stripes),
  // placed as the 12 fills it was tuned as (stackRamp).
  const bands: MarginBand[] = [
    ...upperMedialSeamBands(m),
    { which: 'upper', ...stackRamp(-0.02, 1.4 * LASH_LINE_MM, 12), taper: lashLineWidth, rgba: medialFade(m, LASH_LINE_RGB, 1), power: 1, peak: 0.9 },
    { which: 'upper', fromMm: -0.03, toMm: EDGE_MM, taper: edgeTaper, rgba: medialFade(m, [34, 20, 15], 0.7), power: 'flat' },
  ];
  const show = marginShow(m);
  if (show > 0) {
    const rim = [150, 104, 96, 0.45 * show] as const;
    bands.push({ which: 'upper', fromMm: -0.01, toMm: WET_RIM_MM, taper, rgba: () => rim, power: 'flat' });
  }
  return bands;
}
