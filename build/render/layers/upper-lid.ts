import type { EyeAssets } from '../assets/assets-for.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM, CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM, creaseMm } from '../geometry/crease.ts';
import { xMmOf, xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { blitRegion } from './bounds.ts';
import { lidStretchAt } from './lid-stretch.ts';
import { stripsAcross } from './strips.ts';
import { MARGIN_SHADE_DEPTH_MM } from '../assets/margin-shade.ts';
import { BELOW_MARGIN_MM } from '../assets/lid-skin.ts';

/**
 * Strips the lid skin is cut into for stretching. Each is one resampled drawImage (the costly kind in
 * a software canvas), so as few as keep the stretch smooth: neighbours differ in scale by a few
 * percent, and the skin's texture is soft enough that the step never shows.
 */
const STRIP_COUNT = 14;
/** Below this much movement (px) of the margin anywhere, the lid is drawn 1:1 (plain blits). */
const STILL_PX = 0.35;

/**
 * The upper lid's own skin, from the fixed crease down to the margin wherever it is now, with the shade
 * it throws on the globe. Each strip of the rest-pose layer is scaled vertically about the crease so
 * the rest margin lands on the current one: a closing lid stretches over the globe (its pores and
 * wrinkles spread, none slide), a lid lifting in up-gaze bunches toward the crease, which then reads
 * deeper. The skin runs on past the margin; the opening is cut out of it afterwards (face-layer.ts).
 */
export function drawUpperLidSkin(ctx: CanvasRenderingContext2D, a: EyeAssets, m: LidMargins, upperMargin: number[]): void {
  const f = a.frame;
  const mm = f.pxPerMm;
  const x0 = upperMargin[0];
  const x1 = upperMargin[upperMargin.length - 2];
  const skin = a.lid.albedo.canvas;
  const rest = restLidMargins();
  const restY = (x: number): number => yPx(f, rest.upperMm(xMmOf(f, x)));
  const nowY = (x: number): number => yPx(f, m.upperMm(xMmOf(f, x)));
  const creaseY = (x: number): number => yPx(f, creaseMm(xMmOf(f, x)));
  const strips = stripsAcross(x0, x1, STRIP_COUNT).map((st) => ({ st, s: lidStretchAt(f, m, st.xPx) }));
  const still = strips.every(({ st }) => Math.abs(nowY(st.xPx) - restY(st.xPx)) < STILL_PX);
  if (still) {
    // The lid at rest: a plain blit.
    const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1)));
    const y1 = Math.min(f.heightPx, Math.ceil(Math.max(restY(x0), restY(x1), restY(f.centerXPx)) + BELOW_MARGIN_MM * mm + 1));
    const bx = Math.floor(x0);
    const bw = Math.ceil(x1) - bx;
    ctx.drawImage(skin, bx, top, bw, y1 - top, bx, top, bw, y1 - top);
  } else {
    ctx.save();
    const base = ctx.getTransform();
    // Only above the margin: a stretched strip overshoots it a little at its edges (and, shut, would
    // spill onto the lower lid).
    const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1.5)));
    ctx.beginPath();
    tracePolyline(ctx, upperMargin, true);
    ctx.lineTo(x1, top);
    ctx.lineTo(x0, top);
    ctx.closePath();
    ctx.clip();
    // Nearest sampling: rows are only repeated or skipped vertically, invisible on soft skin, and it
    // is ~1.5× cheaper than bilinear for an affine draw.
    ctx.imageSmoothingEnabled = false;
    for (const { st, s } of strips) {
      const w = st.x1Px - st.x0Px;
      const restLow = Math.max(restY(st.x0Px), restY(st.x1Px), restY(st.xPx));
      // y' = k·y + (1 − k)·crease(x), crease linear across the strip: an affine map per strip.
      const sy0 = Math.max(0, Math.floor(Math.min(creaseY(st.x0Px), creaseY(st.x1Px)) - 1.1 * mm));
      const sy1 = Math.min(skin.height, Math.ceil(restLow + BELOW_MARGIN_MM * mm + 1));
      if (sy1 <= sy0) continue;
      const k = s.scale;
      ctx.setTransform(base.a, base.b, base.c, base.d, base.e, base.f);
      ctx.transform(1, (1 - k) * s.creaseSlope, 0, k, 0, (1 - k) * (s.creaseYPx - s.creaseSlope * s.xPx));
      ctx.drawImage(skin, st.x0Px, sy0, w, sy1 - sy0, st.x0Px, sy0, w, sy1 - sy0);
    }
    ctx.restore();
  }
}

/**
 * What the upper lid puts on the globe and at its edge, drawn after the opening is cut: the shade it
 * throws, the crease deepening when the lid bunches up into it, the dark lash line.
 */
export function drawUpperLidEdge(ctx: CanvasRenderingContext2D, a: EyeAssets, m: LidMargins, upperMargin: number[]): void {
  const f = a.frame;
  const mm = f.pxPerMm;
  drawGlobeShade(ctx, a, m, upperMargin);

  // The crease fold is in the skin already; it deepens when the lid's skin bunches up into it.
  const mid = lidStretchAt(f, m, f.centerXPx);
  if (mid.scale < 0.985) {
    ctx.globalAlpha = Math.min(1, (1 - mid.scale) * 2.5);
    blitRegion(ctx, a.lid.crease.canvas, creaseBand(a));
    ctx.globalAlpha = 1;
  }

  // The margin itself: the dark lash line.
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.beginPath();
  tracePolyline(ctx, shifted(upperMargin, -0.1 * mm), true);
  ctx.strokeStyle = 'rgba(44, 25, 19, 0.85)';
  ctx.lineWidth = 0.28 * mm;
  ctx.stroke();
}

/** The rows and columns the crease layer occupies (it never moves). */
function creaseBand(a: EyeAssets): BoundsPx {
  const f = a.frame;
  const y0 = Math.max(0, Math.floor(yPx(f, creaseMm(0) + 1.5)));
  const y1 = Math.min(f.heightPx, Math.ceil(yPx(f, creaseMm(CREASE_LATERAL_END_MM) - 1.5)));
  const x0 = Math.max(0, Math.floor(xPx(f, CREASE_LATERAL_END_MM - 1)));
  const x1 = Math.min(f.widthPx, Math.ceil(xPx(f, CREASE_MEDIAL_END_MM + 1)));
  return { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
}

/**
 * The shade the lid and lashes throw on the globe: a band under the margin, darkest at it and gone
 * MARGIN_SHADE_DEPTH_MM below. One fill with one radial gradient whose circles follow the margin's arch
 * (the circle through the margin at the pupil column and 8 mm either side), instead of a ramp per
 * strip: a gradient fill is far cheaper than resampling an image.
 */
function drawGlobeShade(ctx: CanvasRenderingContext2D, a: EyeAssets, m: LidMargins, upperMargin: number[]): void {
  const f = a.frame;
  const mm = f.pxPerMm;
  const depth = MARGIN_SHADE_DEPTH_MM * mm;
  const xc = Math.min(m.xMedialMm - 9, Math.max(m.xLateralMm + 9, m.pupilColumnMm));
  const pL = { x: xPx(f, xc - 8), y: yPx(f, m.upperMm(xc - 8)) };
  const pC = { x: xPx(f, xc), y: yPx(f, m.upperMm(xc)) };
  const pR = { x: xPx(f, xc + 8), y: yPx(f, m.upperMm(xc + 8)) };
  const circle = circleThrough(pL, pC, pR);
  let fill: CanvasGradient;
  if (circle && circle.r < 400 * mm && circle.y > pC.y) {
    fill = ctx.createRadialGradient(circle.x, circle.y, Math.max(0, circle.r - depth), circle.x, circle.y, circle.r);
    for (const [t, al] of SHADE_STOPS) fill.addColorStop(1 - t, `rgba(44, 24, 20, ${al})`);
  } else {
    // A flat margin (a nearly shut lid): a straight gradient does.
    fill = ctx.createLinearGradient(0, pC.y, 0, pC.y + depth);
    for (const [t, al] of SHADE_STOPS) fill.addColorStop(t, `rgba(44, 24, 20, ${al})`);
  }
  ctx.beginPath();
  tracePolyline(ctx, upperMargin, true);
  for (let i = upperMargin.length - 2; i >= 0; i -= 2) ctx.lineTo(upperMargin[i], upperMargin[i + 1] + depth);
  ctx.closePath();
  ctx.fillStyle = fill;
  // Nothing to shade once the lids meet (the band would only darken the lower lid's skin).
  ctx.globalAlpha = Math.min(1, m.openness / 0.25);
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** Shade alpha by depth below the margin (0 at the margin … 1 at MARGIN_SHADE_DEPTH_MM). */
const SHADE_STOPS: [number, number][] = [
  [0, 0.58],
  [0.12, 0.4],
  [0.3, 0.22],
  [0.6, 0.08],
  [1, 0],
];

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

function shifted(pts: number[], dyPx: number): number[] {
  const out = pts.slice();
  for (let i = 1; i < out.length; i += 2) out[i] += dyPx;
  return out;
}
