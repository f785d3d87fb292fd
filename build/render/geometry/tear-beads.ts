import { textureRandom } from '../assets/noise.ts';
import type { EyeFrame } from './eye-frame.ts';
import { xPx, yPx } from './eye-frame.ts';
import type { LidMargins } from './lid-margins.ts';

/**
 * The tear meniscus along the lower lid and the lids' own glints, as geometry both passes share (the
 * colour pass lights it, the mask pass fills it in its own class). Everything here is fixed to the lid:
 * a place along the fissure (t, 0 lateral … 1 medial) and a height over its margin (mm), so it rides
 * the margin through blinks, saccades and up- and down-gaze and never slides with the globe.
 *
 * The meniscus is the wedge of tear between the lower margin and the globe, ~0.2 mm tall; from the
 * front its light is broken into beads (the film gathers and thins along the margin), so it is a row
 * of lens-shaped beads with short gaps, not one stroke, thinning into both canthi.
 */
export interface TearBead {
  /** Its span along the fissure. */
  t0: number;
  t1: number;
  /** Its height at the fullest, as a fraction of TEAR_HEIGHT_MM. */
  height: number;
}

/** A glint on the lid: where along the fissure, how far over the lower margin (− below) or under the upper, its radius. */
export interface LidGlint {
  t: number;
  margin: 'upper' | 'lower';
  offsetMm: number;
  radiusMm: number;
  strength: number;
}

export const TEAR_HEIGHT_MM = 0.2;
/** The lids' opening below which the meniscus is pinched out (it fades in over the next 0.3). */
export const TEAR_SHOW_FROM = 0.06;

/** How much of the meniscus a closure leaves (0 … 1). */
export function tearShow(m: Pick<LidMargins, 'openness'>): number {
  return Math.min(1, Math.max(0, (m.openness - TEAR_SHOW_FROM) / 0.3));
}

/**
 * Where the beads end: laterally short of the angle, where the lids meet; medially at the lacrimal
 * papilla (the punctum drains the meniscus there), short of the caruncle, so the mask's tear and
 * caruncle classes never touch (their blend would be neither's).
 */
const TEAR_T0 = 0.035;
const TEAR_T1 = 0.88;

/** The meniscus thins into its ends. */
function endTaper(t: number): number {
  const a = Math.min(1, Math.max(0, (t - TEAR_T0) / 0.12));
  const b = Math.min(1, Math.max(0, (TEAR_T1 - t) / 0.1));
  return Math.sqrt(a * (2 - a) * b * (2 - b));
}

let beads: TearBead[] | null = null;

/** The beads along the fissure, grown once from a fixed seed: 0.25–1.8 mm long, 0.12–0.6 mm apart (of a 29 mm fissure). */
export function tearBeads(): TearBead[] {
  if (beads) return beads;
  const rng = textureRandom('tear-beads');
  const out: TearBead[] = [];
  const perMm = 1 / 29;
  let t = TEAR_T0 + rng.uniform(0, 0.3) * perMm;
  while (t < TEAR_T1) {
    const len = (rng.chance(0.3) ? rng.uniform(0.25, 0.55) : rng.uniform(0.6, 1.8)) * perMm;
    out.push({ t0: t, t1: Math.min(TEAR_T1, t + len), height: rng.uniform(0.55, 1) });
    t += len + rng.uniform(0.12, 0.6) * perMm;
  }
  beads = out;
  return out;
}

/** A bead's height (mm) at position u (0 … 1) across it: a lens, full in the middle, pinched to nothing at its ends. */
export function beadHeightMm(b: TearBead, u: number, t: number): number {
  const s = Math.sin(Math.PI * Math.min(1, Math.max(0, u)));
  return TEAR_HEIGHT_MM * b.height * Math.sqrt(s) * endTaper(t);
}

/** Samples along one bead's outline. */
const BEAD_SAMPLES = 10;

/**
 * Append each bead as a closed path (frame px): along the lower margin, back along its top. The bead
 * spans heights fromScale·h … toScale·h over the margin (h its height there): 0 … 1 is the meniscus
 * itself, 0.6 … 0.95 its bright crest. `insetPx` lifts the whole bead off the margin by that many
 * pixels: the mask pass keeps its tear class clear of the skin, because a half-tear-half-skin pixel
 * (128, 128, 128) is also half pupil, half sclera, and its coverage of the opening could not be read.
 */
export function traceTearBeads(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, toScale: number, insetPx = 0, fromScale = 0): void {
  const show = tearShow(m);
  if (show <= 0) return;
  const span = m.xMedialMm - m.xLateralMm;
  // Tucked a little under the margin when it starts there (no seam at the lid's antialiased edge).
  const tuckMm = fromScale === 0 && insetPx === 0 ? 0.02 : 0;
  for (const b of tearBeads()) {
    for (let i = 0; i <= BEAD_SAMPLES; i++) {
      const u = i / BEAD_SAMPLES;
      const t = b.t0 + (b.t1 - b.t0) * u;
      const x = m.xLateralMm + span * t;
      const y = yPx(f, m.lowerMm(x) + beadHeightMm(b, u, t) * fromScale * show - tuckMm) - insetPx;
      if (i === 0) ctx.moveTo(xPx(f, x), y);
      else ctx.lineTo(xPx(f, x), y);
    }
    for (let i = BEAD_SAMPLES; i >= 0; i--) {
      const u = i / BEAD_SAMPLES;
      const t = b.t0 + (b.t1 - b.t0) * u;
      const x = m.xLateralMm + span * t;
      ctx.lineTo(xPx(f, x), yPx(f, m.lowerMm(x) + beadHeightMm(b, u, t) * toScale * show) - insetPx);
    }
    ctx.closePath();
  }
}

let glints: LidGlint[] | null = null;

/**
 * The lids' glints, grown once: on the tear beads' crests, on the lower lid's wet inner edge (the
 * waterline, just under the margin) and a few on the upper margin's edge; none in the outer 6 % of
 * the fissure, where the lids turn into the canthal angle.
 */
export function lidGlints(): LidGlint[] {
  if (glints) return glints;
  const rng = textureRandom('lid-glints');
  const out: LidGlint[] = [];
  for (const b of tearBeads()) {
    if (b.t0 < 0.06 || b.t1 > TEAR_T1 - 0.03 || !rng.chance(0.55)) continue;
    const u = rng.uniform(0.35, 0.65);
    out.push({ t: b.t0 + (b.t1 - b.t0) * u, margin: 'lower', offsetMm: 0.55 * TEAR_HEIGHT_MM * b.height, radiusMm: rng.uniform(0.04, 0.07), strength: rng.uniform(0.75, 1) });
  }
  for (let i = 0; i < 16; i++) {
    out.push({ t: rng.uniform(0.07, 0.93), margin: 'lower', offsetMm: -rng.uniform(0.14, 0.3), radiusMm: rng.uniform(0.035, 0.065), strength: rng.uniform(0.82, 1) });
  }
  for (let i = 0; i < 9; i++) {
    out.push({ t: rng.uniform(0.1, 0.9), margin: 'upper', offsetMm: rng.uniform(0.02, 0.07), radiusMm: rng.uniform(0.04, 0.065), strength: rng.uniform(0.82, 1) });
  }
  glints = out;
  return out;
}

/** A glint's centre in frame px for these margins (upper: offset is under the margin, into the lid's edge; lower: over it). */
export function lidGlintPx(f: EyeFrame, m: LidMargins, g: LidGlint): { xPx: number; yPx: number } {
  const x = m.xLateralMm + (m.xMedialMm - m.xLateralMm) * g.t;
  const y = g.margin === 'lower' ? m.lowerMm(x) + g.offsetMm * (g.offsetMm > 0 ? tearShow(m) : 1) : m.upperMm(x) + g.offsetMm;
  return { xPx: xPx(f, x), yPx: yPx(f, y) };
}
