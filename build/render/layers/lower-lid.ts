import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { tearShow, traceTearBeads } from '../geometry/tear-beads.ts';
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
    ctx.fillStyle = `rgba(120, 98, 96, ${0.35 * show})`;
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
    ctx.beginPath();
    traceTearBeads(ctx, f, m, 1);
    ctx.fillStyle = `rgba(250, 246, 242, ${0.5 * tear})`;
    ctx.fill();
    ctx.beginPath();
    traceTearBeads(ctx, f, m, 0.45);
    ctx.fillStyle = `rgba(255, 255, 255, ${0.45 * tear})`;
    ctx.fill();
  }
  ctx.beginPath();
  traceMarginBand(ctx, f, m, 'lower', -0.38 * show, -0.38 * show - 0.16, taper);
  ctx.fillStyle = 'rgba(84, 48, 38, 0.35)';
  ctx.fill();
}

/** The meibomian glands' openings: a row of tiny dark pits with a pale rim, one path. */
function drawGlandOpenings(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, show: number): void {
  const r = 0.035 * f.pxPerMm;
  ctx.beginPath();
  for (let t = 0.1; t < 0.86; t += GLAND_STEP_T) {
    const x = m.xLateralMm + (m.xMedialMm - m.xLateralMm) * t;
    const px = xPx(f, x);
    const py = yPx(f, m.lowerMm(x) - GLANDS_MM * taper(t));
    ctx.moveTo(px + r, py);
    ctx.arc(px, py, r, 0, Math.PI * 2);
  }
  ctx.fillStyle = `rgba(132, 72, 66, ${0.5 * show})`;
  ctx.fill();
}
