import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { ExtentPx, LashCurvePx } from './lashes.ts';

/**
 * The upper lashes' own thin, soft shadows on the globe just under the margin (beside the lid's broad
 * contact shadow, contact-shadow.ts): the light comes from above and in front, so a hair reaching
 * out toward the viewer throws a streak down the sclera and iris from its root, leaning the way the
 * hair leans and a little away from the light (upper left). Drawn into the face layer behind what is
 * there ('destination-over'): it shows only in the opening, which the face layer leaves transparent,
 * and is cached with the lashes (redrawn only when the lids move). Three faint nested fills read as soft
 * without a blur (a blur cost more than it showed).
 */
/** The streak's length as a share of the hair's drawn reach, and its sideways lean (mm per mm of drop). */
const DROP_SHARE = 0.6;
/**
 * The longest streak, mm: a hair's shadow falls on the globe just under its root, however far the hair
 * reaches out (the longer pic18i fringe, at 0.6 of its reach, ran streaks 3+ mm down the white like rain).
 */
const DROP_MAX_MM = 2;
const LEAN_FROM_LIGHT = 0.25;
const SHADOW_RGB = '58, 40, 36';
/**
 * Each pass: streak width in hair widths, and opacity. Three nested streaks read as one soft grey
 * shadow a few hair widths wide, darkest along its middle (at two faint ones, 0.055 and 0.07, the
 * shadows did not show at 1280×720: a photograph lit from above shows grey streaks under the lashes).
 */
const PASSES: [widthScale: number, alpha: number][] = [
  [7, 0.05],
  [3.6, 0.06],
  [1.5, 0.07],
];
/** How far down the streak it is widest (a hair's shadow leaves its root thin and spreads as it falls). */
const WIDEST_AT = 0.45;

export function drawLashShadows(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, upper: readonly LashCurvePx[]): ExtentPx | null {
  if (m.openness <= 0 || upper.length === 0) return null;
  const e: ExtentPx = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  // One streak a clump: its hairs lie within a hair's shadow width of each other and meet at their
  // tips, so their shadows were one streak already; 150 thin spindles a pass (3 passes) were ~4 ms of a
  // lid's redraw at 1280×720 in a software canvas, whose fill time grows with its contours.
  const clumps = new Map<number, LashCurvePx[]>();
  for (const c of upper) {
    const list = clumps.get(c.clump);
    if (list) list.push(c);
    else clumps.set(c.clump, [c]);
  }
  const streaks = [...clumps.values()].map((hairs) => {
    let x0 = 0;
    let y0 = 0;
    let x1 = 0;
    let y1 = 0;
    let w = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (const c of hairs) {
      const reach = Math.hypot(c.x1 - c.x0, c.y1 - c.y0);
      const drop = Math.min(DROP_SHARE * reach, DROP_MAX_MM * f.pxPerMm);
      x0 += c.x0;
      y0 += c.y0;
      x1 += c.x0 + 0.35 * (c.x1 - c.x0) + LEAN_FROM_LIGHT * drop;
      y1 += c.y0 + drop;
      w += c.widthPx;
      lo = Math.min(lo, c.x0);
      hi = Math.max(hi, c.x0);
    }
    const n = hairs.length;
    const st = { x0: x0 / n, y0: y0 / n, x1: x1 / n, y1: y1 / n, w: w / n, spread: hi - lo };
    const pad = PASSES[0][0] * st.w + st.spread;
    e.x0 = Math.min(e.x0, lo - pad, st.x1 - pad);
    e.x1 = Math.max(e.x1, hi + pad, st.x1 + pad);
    e.y0 = Math.min(e.y0, st.y0 - pad);
    e.y1 = Math.max(e.y1, st.y1 + pad);
    return st;
  });
  ctx.save();
  ctx.globalCompositeOperation = 'destination-over';
  // Fading as the lids meet, like the contact shadow.
  const fade = Math.min(1, m.openness / 0.2);
  for (const [scale, alpha] of PASSES) {
    const path = new Path2D();
    for (const s of streaks) {
      // A thin spindle: a third of its width at the root, widest part way down, gone at its end.
      const dx = s.x1 - s.x0;
      const dy = s.y1 - s.y0;
      const l = Math.hypot(dx, dy);
      if (l < 0.5) continue;
      // The clump's hairs side by side: its streak as wide as their roots' spread, narrowing to the end.
      const half = (s.w * scale + 0.5 * s.spread) * 0.5;
      const nx = (-dy / l) * half;
      const ny = (dx / l) * half;
      const mx = s.x0 + WIDEST_AT * dx;
      const my = s.y0 + WIDEST_AT * dy;
      path.moveTo(s.x0 + nx / 3, s.y0 + ny / 3);
      path.lineTo(mx + nx, my + ny);
      path.lineTo(s.x1, s.y1);
      path.lineTo(mx - nx, my - ny);
      path.lineTo(s.x0 - nx / 3, s.y0 - ny / 3);
      path.closePath();
    }
    ctx.fillStyle = `rgba(${SHADOW_RGB}, ${alpha * fade})`;
    ctx.fill(path);
  }
  ctx.restore();
  return e;
}
