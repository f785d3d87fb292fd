import { PeriodicNoise1D, textureRandom } from '../assets/noise.ts';
import type { EyeFrame } from './eye-frame.ts';
import { xPx, yPx } from './eye-frame.ts';
import type { LidMargins } from './lid-margins.ts';

/**
 * The tear meniscus along the lower lid, as geometry both passes share (the colour pass lights it, the
 * mask pass fills it as its `tear` class). Everything here is fixed to the lid: a place along the
 * fissure (t, 0 lateral … 1 medial) and a height over its margin (mm), so it rides the margin through
 * blinks, saccades and up- and down-gaze and never slides with the globe.
 *
 * The meniscus is the wedge of tear between the lower margin and the globe, ~0.2 mm tall: one
 * continuous strip from near the lateral angle to the punctum, its height wandering a little (the film
 * gathers and thins) and thinning into both ends. What breaks is its light: the concave tear surface
 * reflects the room as a thin line along its crest, broken irregularly (tearStreaks: mostly short
 * beads, a few medium runs, a rare long streak, uneven gaps), never dots at a fixed pitch (they read as a bead necklace).
 */
export const TEAR_HEIGHT_MM = 0.2;
/** The lids' opening below which the meniscus is pinched out (it fades in over the next 0.3). */
export const TEAR_SHOW_FROM = 0.06;

/** How much of the meniscus a closure leaves (0 … 1). */
export function tearShow(m: Pick<LidMargins, 'openness'>): number {
  return Math.min(1, Math.max(0, (m.openness - TEAR_SHOW_FROM) / 0.3));
}

/**
 * Where the meniscus ends: laterally short of the angle, where the lids meet; medially at the lacrimal
 * papilla (the punctum drains the meniscus there), short of the caruncle, so the mask's tear and
 * caruncle classes never touch (their blend would be neither's).
 */
export const TEAR_T0 = 0.035;
export const TEAR_T1 = 0.88;

/** The meniscus thins into its ends. */
function endTaper(t: number): number {
  const a = Math.min(1, Math.max(0, (t - TEAR_T0) / 0.12));
  const b = Math.min(1, Math.max(0, (TEAR_T1 - t) / 0.1));
  return Math.sqrt(a * (2 - a) * b * (2 - b));
}

/** The height's wander along the lid: ~1.2 mm features (24 cells over the 29 mm fissure), ±22 %. */
let wander: PeriodicNoise1D | null = null;

/** The meniscus's full height (mm) at t along the fissure, before a closure pinches it (tearShow). */
export function meniscusHeightMm(t: number): number {
  wander ??= new PeriodicNoise1D(textureRandom('tear-meniscus'), 24);
  return TEAR_HEIGHT_MM * (0.8 + 0.22 * wander.at(t * 24)) * endTaper(t);
}

/** Samples along the meniscus: a 0.2 mm strip's gentle curve with no facets. */
const SAMPLES = 120;

/**
 * Append the meniscus as one closed path (frame px): along the lower margin, back along its top. It
 * spans heights fromScale·h … toScale·h over the margin (h its height there). `insetPx` lifts the
 * whole strip off the margin by that many pixels: the mask pass keeps its tear class clear of the
 * skin, because a half-tear-half-skin pixel (128, 128, 128) is also half pupil, half sclera, and its
 * coverage of the opening could not be read.
 */
export function traceTearMeniscus(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, toScale: number, insetPx = 0, fromScale = 0): void {
  // Tucked a little under the margin when it starts there (no seam at the lid's antialiased edge).
  const tuckMm = fromScale === 0 && insetPx === 0 ? 0.02 : 0;
  traceAlong(ctx, f, m, TEAR_T0, TEAR_T1, (t) => meniscusHeightMm(t) * fromScale - tuckMm, (t) => meniscusHeightMm(t) * toScale, insetPx, SAMPLES);
}

/** A closed strip along the lower margin from t0 to t1, between two heights (mm, before tearShow). */
function traceAlong(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  m: LidMargins,
  t0: number,
  t1: number,
  fromMm: (t: number, u: number) => number,
  toMm: (t: number, u: number) => number,
  insetPx: number,
  samples: number,
): void {
  const show = tearShow(m);
  if (show <= 0) return;
  const span = m.xMedialMm - m.xLateralMm;
  const point = (i: number, h: (t: number, u: number) => number): [number, number] => {
    const u = i / samples;
    const t = t0 + (t1 - t0) * u;
    const x = m.xLateralMm + span * t;
    const hMm = h(t, u);
    // Heights over the margin shrink as a closure pinches the meniscus; a tuck under it does not.
    return [xPx(f, x), yPx(f, m.lowerMm(x) + (hMm > 0 ? hMm * show : hMm)) - insetPx];
  };
  for (let i = 0; i <= samples; i++) {
    const [x, y] = point(i, fromMm);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  for (let i = samples; i >= 0; i--) {
    const [x, y] = point(i, toMm);
    ctx.lineTo(x, y);
  }
  ctx.closePath();
}

/** A piece of the meniscus's broken highlight: its span along the fissure, its brightness, where across the meniscus it runs. */
export interface TearStreak {
  t0: number;
  t1: number;
  strength: number;
  /** The crest's height, as a fraction of the meniscus's height. */
  crest: number;
}

let streaks: TearStreak[] | null = null;

/**
 * The highlight's pieces, grown once from a fixed seed (of a 29 mm fissure): mostly short beads
 * (0.1–0.35 mm, where the film gathers into droplets on the crest), some medium runs (0.4–0.9 mm)
 * and a rare long streak (1.3–2.4 mm), with gaps drawn log-uniformly between 0.15 and 1.8 mm (closer, a bead's sheen bridges the gap), so
 * neither the pieces nor their pitch repeat and the bright part covers about half the lid (lit over
 * three quarters of it, the light read as one solid stroke).
 */
export function tearStreaks(): TearStreak[] {
  if (streaks) return streaks;
  const rng = textureRandom('tear-streaks');
  const perMm = 1 / 29;
  const logUniform = (a: number, b: number): number => a * Math.exp(rng.next() * Math.log(b / a));
  const out: TearStreak[] = [];
  let t = TEAR_T0 + 0.04 + rng.uniform(0, 0.5) * perMm;
  while (t < TEAR_T1 - 0.04) {
    const kind = rng.next();
    const lenMm = kind < 0.68 ? rng.uniform(0.1, 0.35) : kind < 0.93 ? rng.uniform(0.4, 0.9) : rng.uniform(1.3, 2.4);
    out.push({ t0: t, t1: Math.min(TEAR_T1 - 0.03, t + lenMm * perMm), strength: rng.uniform(0.45, 1), crest: rng.uniform(0.45, 0.68) });
    t += (lenMm + logUniform(0.15, 1.8)) * perMm;
  }
  streaks = out;
  return out;
}

/**
 * Append each streak as a thin lens along the meniscus's crest, `width` (of the meniscus's height)
 * across at its middle, pinched at its ends. Only streaks whose strength is in [lo, hi) (the colour
 * pass batches them by brightness).
 */
export function traceTearStreaks(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, width: number, lo: number, hi: number): void {
  for (const s of tearStreaks()) {
    if (s.strength < lo || s.strength >= hi) continue;
    const half = (u: number): number => 0.5 * width * Math.sqrt(Math.sin(Math.PI * u));
    traceAlong(
      ctx,
      f,
      m,
      s.t0,
      s.t1,
      (t, u) => meniscusHeightMm(t) * Math.max(0, s.crest - half(u)),
      (t, u) => meniscusHeightMm(t) * Math.min(1, s.crest + half(u)),
      0,
      Math.max(4, Math.ceil((s.t1 - s.t0) * 160)),
    );
  }
}
