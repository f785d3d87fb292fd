import { LID_SPHERE_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { Lash } from '../assets/lash-set.ts';
import { LOWER_LASHES, UPPER_LASHES } from '../assets/lash-set.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';

/**
 * Lashes, rooted at fixed fractions along each margin, each a curved hair in 3D projected onto the
 * picture. A lash leaves the lid pointing out of the face (fanned sideways by fanRad) and curls up
 * along its length; seen from the front the part pointing at the viewer is foreshortened away and the
 * curl shows, so an upper lash reads as curving up and out. As the lid closes it turns over the globe
 * and its lashes turn with it (by more than the margin's arc: the tarsus rolls as it goes down), so
 * they swing from up, through pointing at the viewer (short, hooked), to hanging down when shut: they
 * ride the margin through the whole blink and never vanish. Each lash is a tapered quadratic hair; all
 * lashes of a shade go in one path, so the lashes cost a handful of fills.
 */
const SHADES = ['rgba(16, 11, 9, 0.95)', 'rgba(30, 20, 15, 0.9)', 'rgba(52, 36, 28, 0.85)'];
/** The lash row turns this many times the margin's own turn on the lid sphere. */
const UPPER_ROLL_GAIN = 1.5;
const LOWER_ROLL_GAIN = 0.6;
/** Roots sit on the margin's front edge, this far inside the lid (mm). */
const UPPER_ROOT_MM = 0.06;
const LOWER_ROOT_MM = -0.04;

/** One hair in frame pixels: root, quadratic control, tip, and its root width. */
export interface LashCurvePx {
  x0: number;
  y0: number;
  cx: number;
  cy: number;
  x1: number;
  y1: number;
  widthPx: number;
  shade: number;
}

function marginAngle(yMm: number): number {
  return Math.asin(Math.max(-1, Math.min(1, yMm / LID_SPHERE_RADIUS_MM)));
}

/**
 * Where a lash of length 1 is half way along and at its tip, curling from rootRad to tipRad, rolled by
 * rollRad: midpoint-rule integration of the unit direction along the curl (8 steps, the mid point after 4).
 */
const LASH_STEPS = 8;
const CURL = Array.from({ length: LASH_STEPS }, (_, i) => Math.pow((i + 0.5) / LASH_STEPS, 1.4));

function lashPoints(l: Lash, rollRad: number, mid: [number, number], tip: [number, number]): void {
  const sinB = Math.sin(l.fanRad);
  const cosB = Math.cos(l.fanRad);
  const cosR = Math.cos(rollRad);
  const sinR = Math.sin(rollRad);
  let x = 0;
  let y = 0;
  for (let i = 0; i < LASH_STEPS; i++) {
    const a = l.rootRad + (l.tipRad - l.rootRad) * CURL[i];
    const ca = Math.cos(a);
    // Direction (sinβ·cosα, sinα, cosβ·cosα), rolled down about the horizontal by rollRad, seen from the front.
    x += sinB * ca + l.twist * Math.sin(a - l.rootRad);
    y += Math.sin(a) * cosR - cosB * ca * sinR;
    if (i === LASH_STEPS / 2 - 1) {
      mid[0] = x / LASH_STEPS;
      mid[1] = y / LASH_STEPS;
    }
  }
  tip[0] = x / LASH_STEPS;
  tip[1] = y / LASH_STEPS;
}

/**
 * @param lagRad how far the lashes trail the lid's roll (lash-lag.ts): less at the corners, where the
 *   lid barely moves
 */
export function lashCurvesPx(f: EyeFrame, m: LidMargins, lagRad = 0): LashCurvePx[] {
  const rest = restLidMargins();
  const out: LashCurvePx[] = [];
  const mid: [number, number] = [0, 0];
  const tip: [number, number] = [0, 0];
  const add = (set: readonly Lash[], which: 'upper' | 'lower'): void => {
    const now = which === 'upper' ? m.upperMm : m.lowerMm;
    const was = which === 'upper' ? rest.upperMm : rest.lowerMm;
    for (const l of set) {
      const x = m.xLateralMm + l.t * (m.xMedialMm - m.xLateralMm);
      const y = now(x);
      const roll =
        which === 'upper'
          ? UPPER_ROLL_GAIN * (marginAngle(was(x)) - marginAngle(y) - lagRad * Math.sin(Math.PI * l.t))
          : LOWER_ROLL_GAIN * (marginAngle(was(x)) - marginAngle(y));
      lashPoints(l, roll, mid, tip);
      const rx = x;
      const ry = y + (which === 'upper' ? UPPER_ROOT_MM : LOWER_ROOT_MM);
      const len = l.lengthMm;
      const mx = rx + mid[0] * len + l.clumpSideMm * 0.3;
      const my = ry + mid[1] * len;
      const tx = rx + tip[0] * len + l.clumpSideMm;
      const ty = ry + tip[1] * len;
      // The quadratic through the mid point: control = 2·mid − (root + tip)/2.
      const x0 = xPx(f, rx);
      const y0 = yPx(f, ry);
      const x1 = xPx(f, tx);
      const y1 = yPx(f, ty);
      out.push({
        x0,
        y0,
        x1,
        y1,
        cx: 2 * xPx(f, mx) - (x0 + x1) / 2,
        cy: 2 * yPx(f, my) - (y0 + y1) / 2,
        widthPx: l.widthMm * f.pxPerMm,
        shade: l.shade,
      });
    }
  };
  add(UPPER_LASHES, 'upper');
  add(LOWER_LASHES, 'lower');
  return out;
}

/** Draw the lashes; `flat` fills every hair with one colour (the mask pass). Returns the px bounds drawn. */
export function drawLashes(ctx: CanvasRenderingContext2D, f: EyeFrame, m: LidMargins, lagRad: number, flat?: string): ExtentPx {
  const curves = lashCurvesPx(f, m, lagRad);
  const e: ExtentPx = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const c of curves) {
    const pad = c.widthPx + 1;
    e.x0 = Math.min(e.x0, c.x0 - pad, c.cx - pad, c.x1 - pad);
    e.x1 = Math.max(e.x1, c.x0 + pad, c.cx + pad, c.x1 + pad);
    e.y0 = Math.min(e.y0, c.y0 - pad, c.cy - pad, c.y1 - pad);
    e.y1 = Math.max(e.y1, c.y0 + pad, c.cy + pad, c.y1 + pad);
  }
  const shades = flat ? [flat] : SHADES;
  for (let s = 0; s < shades.length; s++) {
    const path = new Path2D();
    let count = 0;
    for (const c of curves) {
      if (!flat && Math.min(SHADES.length - 1, Math.floor(c.shade * SHADES.length)) !== s) continue;
      traceHair(path, c);
      count++;
    }
    if (count === 0) continue;
    ctx.fillStyle = shades[s];
    ctx.fill(path);
  }
  return e;
}

/** A rectangle by its corners, px. */
export interface ExtentPx {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A tapered hair: the curve's two sides, w apart at the root, meeting at the tip. Filling is cheaper
 * than stroking in a software canvas, and the taper comes for free.
 */
function traceHair(path: Path2D, c: LashCurvePx): void {
  const half = c.widthPx / 2;
  const n0 = unitNormal(c.cx - c.x0, c.cy - c.y0);
  const n1 = unitNormal(c.x1 - c.x0, c.y1 - c.y0);
  path.moveTo(c.x0 + n0[0] * half, c.y0 + n0[1] * half);
  path.quadraticCurveTo(c.cx + n1[0] * half * 0.55, c.cy + n1[1] * half * 0.55, c.x1, c.y1);
  path.quadraticCurveTo(c.cx - n1[0] * half * 0.55, c.cy - n1[1] * half * 0.55, c.x0 - n0[0] * half, c.y0 - n0[1] * half);
  path.closePath();
}

function unitNormal(dx: number, dy: number): [number, number] {
  const l = Math.hypot(dx, dy);
  return l < 1e-9 ? [1, 0] : [-dy / l, dx / l];
}
