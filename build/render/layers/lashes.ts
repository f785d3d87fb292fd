import type { Lash } from '../assets/lash-set.ts';
import { LOWER_LASHES, UPPER_LASHES } from '../assets/lash-set.ts';
import { smoothstep } from '../assets/noise.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/**
 * Lashes, rooted at fixed fractions along each margin. Seen from the front an upper lash leaves the
 * lid sideways along its fan, then turns up; as the lid shuts the lashes turn with it (half shut they
 * point at the viewer and look short, shut they hang down). Each lash is a quadratic curve, tapered
 * by stroking its root half again, thicker; all lashes of a shade go in one path, so ~190 lashes cost
 * a handful of strokes.
 */
const SHADES = ['rgba(20, 13, 10, 0.92)', 'rgba(36, 24, 18, 0.85)', 'rgba(62, 44, 34, 0.75)'];

/** Curve control points in mm: root, control, tip. */
type Curve = [number, number, number, number, number, number];

export function drawLashes(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins): void {
  const up = smoothstep(0.1, 0.95, m.openness) * 2 - 1; // +1 open … −1 shut
  const reach = 0.3 + 0.7 * Math.abs(up); // foreshortened while pointing at the viewer
  ctx.save();
  ctx.lineCap = 'round';
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
    let width = 0;
    let count = 0;
    const tips = new Path2D();
    const roots = new Path2D();
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
      tips.moveTo(p0x, p0y);
      tips.quadraticCurveTo(p1x, p1y, p2x, p2y);
      // The root half of the same curve (de Casteljau at 0.5), stroked again thicker: a taper.
      roots.moveTo(p0x, p0y);
      roots.quadraticCurveTo((p0x + p1x) / 2, (p0y + p1y) / 2, (p0x + 2 * p1x + p2x) / 4, (p0y + 2 * p1y + p2y) / 4);
      width += lash.widthMm;
      count++;
    }
    if (count === 0) continue;
    const w = (width / count) * mm * widthScale;
    ctx.strokeStyle = SHADES[s];
    ctx.lineWidth = w * 0.55;
    ctx.stroke(tips);
    ctx.lineWidth = w;
    ctx.stroke(roots);
  }
}
