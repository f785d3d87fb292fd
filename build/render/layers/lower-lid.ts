import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { tearShow, traceTearBeads } from '../geometry/tear-beads.ts';
import { textureRandom } from '../assets/noise.ts';
import { canthalTaper, traceMarginBand } from './margin-band.ts';

/**
 * The lower lid's margin, over the warped skin, from the globe outward: the tear meniscus (a row of
 * bright beads along the globe, geometry/tear-beads.ts, as the mask pass has them), the lid's wet
 * inner edge seen from the front as a narrow pink band (the waterline) holding the row of tiny
 * meibomian openings and, at its outer side, the grey line, then the lash line under it; all tapering
 * into the canthi, the waterline and meniscus hiding as the lids meet. Its glints are lid-glints.ts's,
 * drawn over both margins.
 */
const taper = canthalTaper(0.12, 0.18);
/** The waterline's width and where across it (mm under the margin) the glands open and the grey line runs. */
const WATERLINE_MM = 0.4;
const GLANDS_MM = 0.13;
const GREY_LINE_MM = 0.27;
/** Gland openings along the lid (of the fissure, 0 lateral … 1 medial), ~0.45 mm apart. */
const GLAND_STEP_T = 0.45 / 29;

export function drawLowerMargin(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const show = Math.min(1, Math.max(0, (m.openness - 0.08) / 0.4));
  if (show > 0) {
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'lower', 0.02, -WATERLINE_MM, taper);
    ctx.fillStyle = `rgba(196, 124, 112, ${0.6 * show})`;
    ctx.fill();
    // The grey line: the lid's edge between its skin and its inner (tarsal) part.
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'lower', -GREY_LINE_MM + 0.03, -GREY_LINE_MM - 0.03, taper);
    ctx.fillStyle = `rgba(120, 98, 96, ${0.22 * show})`;
    ctx.fill();
    drawGlandOpenings(ctx, f, m, show);
    // A faint continuous film under the beads, then the beads' light and their brighter cores.
    ctx.beginPath();
    traceMarginBand(ctx, f, m, 'lower', 0.05 * tearShow(m), -0.01, taper);
    ctx.fillStyle = `rgba(255, 246, 240, ${0.16 * show})`;
    ctx.fill();
  }
  const tear = tearShow(m);
  if (tear > 0) {
    // Each bead is a clear lens of tear (the globe seen through it, a little brightened) with the
    // light's reflection along its crest: the bright line of the meniscus, broken bead by bead.
    ctx.beginPath();
    traceTearBeads(ctx, f, m, 1);
    ctx.fillStyle = `rgba(250, 246, 242, ${0.1 * tear})`;
    ctx.fill();
    ctx.beginPath();
    traceTearBeads(ctx, f, m, 0.98, 0, 0.68);
    ctx.fillStyle = `rgba(255, 255, 255, ${0.5 * tear})`;
    ctx.fill();
  }
  ctx.beginPath();
  traceMarginBand(ctx, f, m, 'lower', -0.38 * show, -0.38 * show - 0.16, taper);
  ctx.fillStyle = 'rgba(84, 48, 38, 0.35)';
  ctx.fill();
}

/** The gland openings along the lid (t, a size factor, a little off the row), ~0.45 mm apart with some jitter; grown once. */
let glands: { t: number; size: number; offMm: number }[] | null = null;
function glandRow(): { t: number; size: number; offMm: number }[] {
  if (glands) return glands;
  const rng = textureRandom('gland-openings');
  const out: { t: number; size: number; offMm: number }[] = [];
  for (let t = 0.1; t < 0.86; t += GLAND_STEP_T * rng.uniform(0.7, 1.4)) {
    if (rng.chance(0.12)) continue;
    out.push({ t, size: rng.uniform(0.6, 1.2), offMm: rng.uniform(-0.025, 0.025) });
  }
  glands = out;
  return out;
}

/** The meibomian glands' openings: a row of tiny darker pits, one path. */
function drawGlandOpenings(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, show: number): void {
  ctx.beginPath();
  for (const g of glandRow()) {
    const x = m.xLateralMm + (m.xMedialMm - m.xLateralMm) * g.t;
    const r = 0.032 * g.size * f.pxPerMm;
    const px = xPx(f, x);
    const py = yPx(f, m.lowerMm(x) - (GLANDS_MM + g.offMm) * taper(g.t));
    ctx.moveTo(px + r, py);
    ctx.ellipse(px, py, r, 0.8 * r, 0, 0, Math.PI * 2);
  }
  ctx.fillStyle = `rgba(140, 78, 72, ${0.38 * show})`;
  ctx.fill();
}
