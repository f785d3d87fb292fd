import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { tearShow, traceTearMeniscus, traceTearStreaks } from '../geometry/tear-meniscus.ts';
import { smoothstep, textureRandom } from '../assets/noise.ts';
import { canthalTaper, marginShow } from './margin-band.ts';
import type { MarginBand } from './margin-paint.ts';
import { stackRamp } from './margin-paint.ts';
import { drawLowerMedialSeam } from './medial-canthus.ts';

/**
 * The lower lid's margin, over the warped skin, from the globe outward: the tear meniscus (one thin
 * strip along the globe, geometry/tear-meniscus.ts, as the mask pass has it) with its broken light, the
 * lid's wet inner edge seen from the front (the waterline) holding the row of tiny meibomian openings
 * and, at its outer side, the grey line, then the lash line and a faint shade on the skin under it.
 * The margin's thickness shows: fullest under the cornea, thinning all the way into both canthi (a
 * ribbon of one width reads as drawn). Edges are soft: the bands are ramps composited per pixel
 * (margin-paint.ts); the glands and the meniscus are drawn over them. Its glints are lid-glints.ts's.
 */
const canthi = canthalTaper(0.12, 0.18);
/** The margin's thickness along the lid (0 lateral … 1 medial): tapering from the middle, to nothing at the canthi. */
export const lowerMarginThickness = (t: number): number => canthi(t) * (0.5 + 0.5 * Math.sin(Math.PI * Math.min(1, Math.max(0, t))) ** 0.8);
/** The waterline's width at its fullest and where across it (mm under the margin) the glands open and the grey line runs. */
const WATERLINE_MM = 0.46;
const GLANDS_MM = 0.14;
const GREY_LINE_MM = 0.3;
/** Where the lashes leave the lid, mm under the margin at its fullest (the margin's front edge). */
export const LASH_LINE_MM = 0.42;
/** The waterline's dry outer tone (near the lid's skin) and its wet inner mucosa's, before waterlineAlong darkens them medially. */
const WATERLINE_DRY_RGB = [204, 150, 132] as const;
const WATERLINE_WET_RGB = [196, 118, 108] as const;
/** Where along the lid (t) the waterline starts darkening into the inner corner, and how dark it gets there (× its colour). */
const MEDIAL_DARK_FROM_T = 0.66;
const MEDIAL_DARK = 0.72;
/** Gland openings along the lid (of the fissure, 0 lateral … 1 medial), ~0.45 mm apart. */
const GLAND_STEP_T = 0.45 / 29;

/** The lower margin's soft bands, lid to skin (composited per pixel into the face layer: margin-paint.ts). */
export function lowerMarginBands(m: LidMargins): MarginBand[] {
  const show = marginShow(m);
  const bands: MarginBand[] = [];
  const band = (fromMm: number, toMm: number, rgba: MarginBand['rgba']): void => {
    bands.push({ which: 'lower', fromMm, toMm, taper: lowerMarginThickness, rgba, power: 'flat' });
  };
  // A ramp placed as the stack of `fills` fills it was tuned as (stackRamp).
  const ramp = (fromMm: number, toMm: number, rgba: MarginBand['rgba'], power: number, peak: number, fills = 10): void => {
    bands.push({ which: 'lower', ...stackRamp(fromMm, toMm, fills), taper: lowerMarginThickness, rgba, power, peak });
  };
  if (show > 0) {
    // The waterline is not one pink: its dry outer part (toward the lashes) is near the skin's tone,
    // its wet inner part (by the eye) pinker and redder, and all of it darker and redder into the
    // inner corner, with slow patches along the lid (waterlineAlong). Soft-edged: wide and faint under
    // narrower and fuller.
    // Each part fades out over its outer edge: the dry into the lid's skin, the wet into the dry (flat
    // bands here drew a line at each edge: parallel stripes along the lid).
    ramp(0.02, -1.25 * WATERLINE_MM, waterlineAlong(m, WATERLINE_DRY_RGB), 0.35, 0.34 * show);
    ramp(0.01, -0.8 * WATERLINE_MM, waterlineAlong(m, WATERLINE_WET_RGB), 0.8, 0.58 * show);
    // The wet edge against the meniscus: a thin paler sheen of tear on the tissue.
    band(0.01, -0.08, flat(232, 168, 160, 0.2 * show));
    // The grey line: the lid's edge between its skin and its inner (tarsal) part, soft.
    band(-GREY_LINE_MM + 0.07, -GREY_LINE_MM - 0.07, flat(122, 100, 98, 0.12 * show));
    band(-GREY_LINE_MM + 0.025, -GREY_LINE_MM - 0.025, flat(116, 94, 92, 0.2 * show));
  }
  // The lash line, and a faint shade on the skin under it (the margin's lip over the lid's hollow).
  // The lash line: darkest at the roots, fading down into the skin and, over a shorter way, up into
  // the margin (two flat bands here read as a drawn line under the margin).
  const lash = -LASH_LINE_MM * show;
  ramp(lash, lash - 0.34, flat(84, 48, 38, 1), 1.5, 0.2);
  ramp(lash, lash + 0.1, flat(84, 48, 38, 1), 1, 0.2, 5);
  // (Within 1 mm of the margin: the lid's own skin, which a blink moves; the skin beyond stays put.)
  band(lash - 0.1, lash - 0.4, flat(96, 58, 48, 0.06));
  band(lash - 0.05, lash - 0.5, flat(96, 58, 48, 0.04));
  return bands;
}

/**
 * The lower margin's detail drawn on the canvas over its bands: the gland openings, the tear meniscus
 * (one thin strip along the globe, geometry/tear-meniscus.ts, as the mask pass has it) with its broken
 * light, and the seam where the lid wraps the caruncle.
 */
export function drawLowerMarginDetail(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const show = marginShow(m);
  if (show > 0) drawGlandOpenings(ctx, f, m, show);
  const tear = tearShow(m);
  if (tear > 0) {
    // The meniscus: a clear strip of tear (the globe seen through it, a little brightened), a faint
    // continuous line of light along its crest, and over it the light's beads and streaks, each a soft
    // sheen under a brighter core, batched by brightness.
    ctx.beginPath();
    traceTearMeniscus(ctx, f, m, 1);
    ctx.fillStyle = `rgba(250, 246, 242, ${0.12 * tear})`;
    ctx.fill();
    ctx.beginPath();
    traceTearMeniscus(ctx, f, m, 0.74, 0, 0.34);
    // Its strength wanders along the lid (the film thickens and thins): one even line at 0.4 read as a
    // solid stroke under the beads.
    ctx.fillStyle = crestLine(ctx, f, m, tear);
    ctx.fill();
    for (const [lo, hi, soft, core] of STREAK_BATCHES) {
      ctx.beginPath();
      traceTearStreaks(ctx, f, m, 0.95, lo, hi);
      ctx.fillStyle = `rgba(255, 252, 248, ${soft * tear})`;
      ctx.fill();
      ctx.beginPath();
      traceTearStreaks(ctx, f, m, 0.42, lo, hi);
      ctx.fillStyle = `rgba(255, 255, 255, ${core * tear})`;
      ctx.fill();
    }
  }
  // Where the lid wraps the caruncle (over the meniscus, whose light ends in it).
  drawLowerMedialSeam(ctx, f, m);
}

/** One colour all along the lid. */
function flat(r: number, g: number, b: number, alpha: number): MarginBand['rgba'] {
  const c = [r, g, b, alpha] as const;
  return () => c;
}

/** The streaks by brightness: [strength from, to), the sheen's and the core's alpha. */
const STREAK_BATCHES: readonly (readonly [number, number, number, number])[] = [
  [0, 0.65, 0.2, 0.55],
  [0.65, 0.85, 0.24, 0.66],
  [0.85, 2, 0.3, 0.88],
];

/** Stops along the lid (t) for the waterline's colour, every 0.05: a slow ±8 % wander in its depth of colour, grown once. */
let patches: number[] | null = null;

/**
 * A waterline band's colour `rgb`, varying along the lid from the lateral to the medial
 * canthus (so it rides the lid): patches a little deeper and paler, and darkening into the inner
 * corner (the lacrimal lake's shade, the tissue thicker and redder there).
 */
function waterlineAlong(m: LidMargins, rgb: readonly [number, number, number]): MarginBand['rgba'] {
  if (!patches) {
    const rng = textureRandom('waterline-patches');
    patches = Array.from({ length: 21 }, () => rng.uniform(-0.08, 0.08));
  }
  const stops = patches.map((p, k) => {
    const t = k / (patches!.length - 1);
    const dark = 1 - (1 - MEDIAL_DARK) * smoothstep(MEDIAL_DARK_FROM_T, 1, t);
    return [Math.round(Math.min(255, rgb[0] * dark * (1 + 0.5 * p))), Math.round(rgb[1] * dark * (1 + p)), Math.round(rgb[2] * dark * (1 + p))];
  });
  const last = stops.length - 1;
  return (xMm) => {
    const u = Math.min(1, Math.max(0, (xMm - m.xLateralMm) / (m.xMedialMm - m.xLateralMm))) * last;
    const k = Math.min(last - 1, Math.floor(u));
    const w = u - k;
    const a = stops[k];
    const b = stops[k + 1];
    return [a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w, a[2] + (b[2] - a[2]) * w, 1];
  };
}

/** The crest line's alpha along the lid: stops every 0.04 of it, each in CREST_ALPHA's range, grown once. */
const CREST_ALPHA = [0.16, 0.46] as const;
let crestStops: number[] | null = null;

/** The meniscus's continuous crest line as a fill whose strength wanders along the lid (a gradient from canthus to canthus, so it rides the lid). */
function crestLine(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, tear: number): CanvasGradient {
  if (!crestStops) {
    const rng = textureRandom('tear-crest-line');
    crestStops = Array.from({ length: 26 }, () => rng.uniform(CREST_ALPHA[0], CREST_ALPHA[1]));
  }
  const g = ctx.createLinearGradient(xPx(f, m.xLateralMm), 0, xPx(f, m.xMedialMm), 0);
  crestStops.forEach((a, k) => g.addColorStop(k / (crestStops!.length - 1), `rgba(255, 252, 248, ${(a * tear).toFixed(3)})`));
  return g;
}

/** The gland openings along the lid (t, a size factor, a little off the row), ~0.45 mm apart with some jitter; grown once. */
let glands: { t: number; size: number; offMm: number }[] | null = null;
function glandRow(): { t: number; size: number; offMm: number }[] {
  if (glands) return glands;
  const rng = textureRandom('gland-openings');
  const out: { t: number; size: number; offMm: number }[] = [];
  for (let t = 0.1; t < 0.86; t += GLAND_STEP_T * rng.uniform(0.7, 1.4)) {
    // Some openings are plugged or lie in a fold (a row of equal pits reads as stitching).
    if (rng.chance(0.22)) continue;
    out.push({ t, size: rng.uniform(0.5, 1.3), offMm: rng.uniform(-0.035, 0.035) });
  }
  glands = out;
  return out;
}

/** The meibomian glands' openings: a row of tiny darker pits, one path. */
function drawGlandOpenings(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, show: number): void {
  ctx.beginPath();
  for (const g of glandRow()) {
    const x = m.xLateralMm + (m.xMedialMm - m.xLateralMm) * g.t;
    const r = 0.042 * g.size * f.pxPerMm;
    const px = xPx(f, x);
    const py = yPx(f, m.lowerMm(x) - (GLANDS_MM + g.offMm) * lowerMarginThickness(g.t));
    ctx.moveTo(px + r, py);
    ctx.ellipse(px, py, r, 0.8 * r, 0, 0, Math.PI * 2);
  }
  ctx.fillStyle = `rgba(132, 72, 68, ${0.4 * show})`;
  ctx.fill();
}
