import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { tracePolyline } from '../assets/mm-draw.ts';

/**
 * The soft contact shadow the upper lid and its lashes throw on the upper sclera and iris: darkest at
 * the margin, gone SHADOW_DEPTH_MM below it. Drawn on the globe before the lids go over it, so the lid
 * itself hides whatever falls outside the opening. One fill with one radial gradient whose circles
 * follow the margin's arch (the circle through the margin at the pupil column and 8 mm either side):
 * a gradient fill is far cheaper than a blur.
 */
export const SHADOW_DEPTH_MM = 2.8;

/**
 * Shade alpha by depth below the margin (0 at the margin … 1 at SHADOW_DEPTH_MM). In photographs the
 * band is a plain darkening of the iris's top third under a brow-lit lid, not a line at the margin:
 * the long tail carries it down (a thin 0.6 line read as drawn).
 */
const STOPS: [number, number][] = [
  [0, 0.66],
  [0.1, 0.52],
  [0.3, 0.34],
  [0.6, 0.15],
  [1, 0],
];

export function drawContactShadow(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, upperMargin: number[]): void {
  if (m.openness <= 0) return;
  const depth = SHADOW_DEPTH_MM * f.pxPerMm;
  const xc = Math.min(m.xMedialMm - 9, Math.max(m.xLateralMm + 9, m.pupilColumnMm));
  const pL = { x: xPx(f, xc - 8), y: yPx(f, m.upperMm(xc - 8)) };
  const pC = { x: xPx(f, xc), y: yPx(f, m.upperMm(xc)) };
  const pR = { x: xPx(f, xc + 8), y: yPx(f, m.upperMm(xc + 8)) };
  const circle = circleThrough(pL, pC, pR);
  let fill: CanvasGradient;
  if (circle && circle.r < 400 * f.pxPerMm && circle.y > pC.y) {
    fill = ctx.createRadialGradient(circle.x, circle.y, Math.max(0, circle.r - depth), circle.x, circle.y, circle.r);
    for (const [t, al] of STOPS) fill.addColorStop(1 - t, `rgba(40, 22, 18, ${al})`);
  } else {
    // A flat or sagging margin (a nearly shut lid): a straight gradient does.
    fill = ctx.createLinearGradient(0, pC.y, 0, pC.y + depth);
    for (const [t, al] of STOPS) fill.addColorStop(t, `rgba(40, 22, 18, ${al})`);
  }
  ctx.beginPath();
  tracePolyline(ctx, upperMargin, true);
  for (let i = upperMargin.length - 2; i >= 0; i -= 2) ctx.lineTo(upperMargin[i], upperMargin[i + 1] + depth);
  ctx.closePath();
  ctx.fillStyle = fill;
  // Nothing to shade once the lids meet.
  ctx.globalAlpha = Math.min(1, m.openness / 0.2);
  ctx.fill();
  ctx.globalAlpha = 1;
}

function circleThrough(
  p: { x: number; y: number },
  q: { x: number; y: number },
  r: { x: number; y: number },
): { x: number; y: number; r: number } | null {
  const d = 2 * (p.x * (q.y - r.y) + q.x * (r.y - p.y) + r.x * (p.y - q.y));
  if (Math.abs(d) < 1e-9) return null;
  const p2 = p.x * p.x + p.y * p.y;
  const q2 = q.x * q.x + q.y * q.y;
  const r2 = r.x * r.x + r.y * r.y;
  const x = (p2 * (q.y - r.y) + q2 * (r.y - p.y) + r2 * (p.y - q.y)) / d;
  const y = (p2 * (r.x - q.x) + q2 * (p.x - r.x) + r2 * (q.x - p.x)) / d;
  return { x, y, r: Math.hypot(p.x - x, p.y - y) };
}
