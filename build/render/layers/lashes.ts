import type { Lash } from '../assets/lash-set.ts';
import { LOWER_LASHES, UPPER_LASHES } from '../assets/lash-set.ts';
import { smoothstep } from '../assets/noise.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/**
 * Lashes, rooted at fixed fractions along each margin. Seen from the front an upper lash leaves the
 * lid sideways along its fan, then turns up; as the lid shuts the lashes turn with it (half shut they
 * point at the viewer and look short, shut they hang down). Each lash is a tapered quadratic hair;
 * all lashes of a shade go in one path, so ~170 lashes cost three fills.
 */
const SHADES = ['rgba(16, 11, 9, 0.95)', 'rgba(30, 20, 15, 0.9)', 'rgba(52, 36, 28, 0.85)'];

/** Curve control points in mm: root, control, tip. */
type Curve = [number, number, number, number, number, number];

export function drawLashes(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const up = smoothstep(0.1, 0.95, m.openness) * 2 - 1; // +1 open … −1 shut
  const reach = 0.3 + 0.7 * Math.abs(up); // foreshortened while pointing at the viewer
  ctx.save();
  strokeSet(ctx, f, UPPER_LASHES, (l, x, y, c) => {
    // Lashes in the middle point most at the viewer, so they look shortest there.
    const len = l.lengthMm * reach * (0.72 + 0.28 * Math.min(1, Math.abs(l.fanRad) / 0.7));
    const sx = Math.sin(l.fanRad);
    const cy = Math.cos(l.fanRad);
    c[0] = x;
    c[1] = y + 0.05;
    // A J: the lash grows forward and a little down out of the lid (seen from the front, sideways
    // along its fan and just below the margin), then curls up.
    c[2] = x + sx * len * (0.5 + l.sweep * 0.3);
    c[3] = y - up * len * cy * (0.1 + 0.1 * l.sweep);
    c[4] = x + sx * len * (0.8 + l.sweep * 0.2) + l.clumpSideMm * reach;
    c[5] = y + up * len * cy * (0.8 - l.sweep * 0.3);
  }, m.upperMm, m, 1);
  const lowerShow = Math.min(1, m.openness * 1.5);
  strokeSet(ctx, f, LOWER_LASHES, (l, x, y, c) => {
    const len = l.lengthMm * (0.6 + 0.4 * lowerShow);
    const sx = Math.sin(l.fanRad);
    const cy = Math.cos(l.fanRad);
    c[0] = x;
    c[1] = y - 0.45;
    c[2] = x + sx * len * 0.55;
    c[3] = y - 0.45 - len * cy * 0.3;
    c[4] = x + sx * len * 0.85 + l.clumpSideMm * 0.5;
    c[5] = y - 0.45 - len * cy * 0.8;
  }, m.lowerMm, m, 0.6);
  ctx.restore();
}

function strokeSet(
  ctx: CanvasRenderingContext2D,
  f: EyeFrame,
  set: readonly Lash[],
  shape: (l: Lash, xMm: number, yMm: number, out: Curve) => void,
  margin: (xMm: number) => number,
  m: LidMargins,
  widthScale: number,
): void {
  const c: Curve = [0, 0, 0, 0, 0, 0];
  const mm = f.pxPerMm;
  for (let s = 0; s < SHADES.length; s++) {
    let count = 0;
    const path = new Path2D();
    for (const lash of set) {
      if (Math.floor(lash.shade * SHADES.length) !== s) continue;
      const x = m.xLateralMm + lash.t * (m.xMedialMm - m.xLateralMm);
      shape(lash, x, margin(x), c);
      const p0x = xPx(f, c[0]);
      const p0y = yPx(f, c[1]);
      const p1x = xPx(f, c[2]);
      const p1y = yPx(f, c[3]);
      const p2x = xPx(f, c[4]);
      const p2y = yPx(f, c[5]);
      // A tapered hair: the curve's two sides, w apart at the root, meeting at the tip. Filling is
      // cheaper than stroking in a software canvas, and the taper comes for free.
      const half = (lash.widthMm * mm * widthScale) / 2;
      const n0 = unitNormal(p1x - p0x, p1y - p0y);
      const n1 = unitNormal(p2x - p0x, p2y - p0y);
      path.moveTo(p0x + n0[0] * half, p0y + n0[1] * half);
      path.quadraticCurveTo(p1x + n1[0] * half * 0.55, p1y + n1[1] * half * 0.55, p2x, p2y);
      path.quadraticCurveTo(p1x - n1[0] * half * 0.55, p1y - n1[1] * half * 0.55, p0x - n0[0] * half, p0y - n0[1] * half);
      path.closePath();
      count++;
    }
    if (count === 0) continue;
    ctx.fillStyle = SHADES[s];
    ctx.fill(path);
  }
}

function unitNormal(dx: number, dy: number): [number, number] {
  const l = Math.hypot(dx, dy);
  return l < 1e-9 ? [1, 0] : [-dy / l, dx / l];
}
