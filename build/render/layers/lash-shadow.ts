import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { ExtentPx, LashCurvePx } from './lashes.ts';

/**
 * The upper lashes' own thin, soft shadows on the globe just under the margin (beside the lid's broad
 * contact shadow, contact-shadow.ts): the light comes from above and in front, so a hair reaching
 * out toward the viewer throws a streak down the sclera and iris from its root, leaning the way the
 * hair leans and a little away from the light (upper left). Drawn into the face layer behind what is
 * there ('destination-over'): it shows only in the opening, which the face layer leaves transparent,
 * and is cached with the lashes (redrawn only when the lids move). Faint nested fills read as soft
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
 * The clump's soft wash: width in hair widths, and opacity. Two faint nested fills read as one soft
 * grey shadow a few hair widths wide (one clump's hairs lie within a shadow's width of each other).
 */
const WASH_PASSES: [widthScale: number, alpha: number][] = [
  [9, 0.03],
  [5, 0.035],
];
/**
 * Each hair's own thin streak over the wash, width in hair widths and opacity: a photograph lit from
 * above shows fine grey lines under the lashes, not one flame a clump (one streak a clump, darkest
 * pass 1.5 hair widths: 19 runs 10 px wide 0.5 mm under the margin at 1280×720).
 */
const STRAND: [widthScale: number, alpha: number] = [1.3, 0.11];
/** How far down the streak it is widest (a hair's shadow leaves its root thin and spreads as it falls). */
const WIDEST_AT = 0.45;

export function drawLashShadows(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, upper: readonly LashCurvePx[]): ExtentPx | null {
  if (m.openness <= 0 || upper.length === 0) return null;
  // The wash is one spindle a clump (its hairs lie within a wash's width of each other); only the thin
  // strand is a hair's own, one pass: 150 spindles a pass over 3 passes were ~4 ms of a lid's redraw at
  // 1280×720 in a software canvas, whose fill time grows with its contours.
  const clumps = new Map<number, LashCurvePx[]>();
  for (const c of upper) {
    const list = clumps.get(c.clump);
    if (list) list.push(c);
    else clumps.set(c.clump, [c]);
  }
  const strands: Spindle[] = [];
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
      const ex = c.x0 + 0.35 * (c.x1 - c.x0) + LEAN_FROM_LIGHT * drop;
      const ey = c.y0 + drop;
      strands.push({ x0: c.x0, y0: c.y0, x1: ex, y1: ey, half: 0.5 * STRAND[0] * c.widthPx });
      x0 += c.x0;
      y0 += c.y0;
      x1 += ex;
      y1 += ey;
      w += c.widthPx;
      lo = Math.min(lo, c.x0);
      hi = Math.max(hi, c.x0);
    }
    const n = hairs.length;
    // The clump's hairs side by side: its wash as wide as their roots' spread, narrowing to the end.
    return { x0: x0 / n, y0: y0 / n, x1: x1 / n, y1: y1 / n, w: w / n, spread: hi - lo };
  });
  ctx.save();
  ctx.globalCompositeOperation = 'destination-over';
  // Fading as the lids meet, like the contact shadow.
  const fade = Math.min(1, m.openness / 0.2);
  // The extent is what the fills trace (fillSpindles grows it by every corner): it holds by
  // construction, not by a pad that happens to cover the strands.
  const e: ExtentPx = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  fillSpindles(ctx, strands, STRAND[1] * fade, e);
  for (const [scale, alpha] of WASH_PASSES) {
    fillSpindles(
      ctx,
      streaks.map((s) => ({ x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, half: (s.w * scale + 0.5 * s.spread) * 0.5 })),
      alpha * fade,
      e,
    );
  }
  ctx.restore();
  return e.x0 <= e.x1 ? e : null;
}

interface Spindle {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  half: number;
}

/**
 * Thin spindles in one fill: a third of their width at the root, widest part way down, gone at the end.
 * Grows `e` to every corner traced, a pixel round (the fill's antialiased edge).
 */
function fillSpindles(ctx: CanvasRenderingContext2D, spindles: readonly Spindle[], alpha: number, e: ExtentPx): void {
  const path = new Path2D();
  const corner = (x: number, y: number, first: boolean) => {
    if (first) path.moveTo(x, y);
    else path.lineTo(x, y);
    e.x0 = Math.min(e.x0, x - 1);
    e.y0 = Math.min(e.y0, y - 1);
    e.x1 = Math.max(e.x1, x + 1);
    e.y1 = Math.max(e.y1, y + 1);
  };
  for (const s of spindles) {
    const dx = s.x1 - s.x0;
    const dy = s.y1 - s.y0;
    const l = Math.hypot(dx, dy);
    if (l < 0.5) continue;
    const nx = (-dy / l) * s.half;
    const ny = (dx / l) * s.half;
    const mx = s.x0 + WIDEST_AT * dx;
    const my = s.y0 + WIDEST_AT * dy;
    corner(s.x0 + nx / 3, s.y0 + ny / 3, true);
    corner(mx + nx, my + ny, false);
    corner(s.x1, s.y1, false);
    corner(mx - nx, my - ny, false);
    corner(s.x0 - nx / 3, s.y0 - ny / 3, false);
    path.closePath();
  }
  ctx.fillStyle = `rgba(${SHADOW_RGB}, ${alpha})`;
  ctx.fill(path);
}
