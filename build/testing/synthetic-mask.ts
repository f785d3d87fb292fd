import { discEllipsePx, irisPose, type EllipsePx } from '../render/geometry/iris-pose.ts';
import { eyeFrame, xMmOf, yMmOf, type EyeFrame } from '../render/geometry/eye-frame.ts';
import { lidMargins } from '../render/geometry/lid-margins.ts';
import { MASK_TEAR_INSET_PX } from '../render/draw-mask.ts';
import { CARUNCLE_MM } from '../render/geometry/caruncle-shape.ts';
import { fissureT } from '../render/geometry/lid-shape.ts';
import { TEAR_T0, TEAR_T1, meniscusHeightMm, tearShow } from '../render/geometry/tear-meniscus.ts';
import { MASK_BROW, MASK_CARUNCLE, MASK_IRIS, MASK_LASH, MASK_PUPIL, MASK_SCLERA, MASK_SKIN, MASK_TEAR, type MaskColor } from '../render/mask-colors.ts';
import type { EyeSample } from '../model/types.ts';

/**
 * A mask frame drawn in Node for the measurement's tests, independently of the page's canvas: the
 * twin's geometry (iris pose, lid margins through the sample's heights at the pupil column) rasterised
 * with 4×4 supersampling, so edges are antialiased as a canvas draws them. Optional lashes (thin
 * strokes up from the upper margin, or one lying across the opening) and a brow band whose lower
 * edge is a gentle curve, lifted by the sample's browLiftMm. Optionally (wet) the tear meniscus
 * over the globe along the lower margin and the caruncle under the iris, from the same geometry the
 * page draws them with (tear-meniscus.ts, caruncle-shape.ts).
 */
export interface SyntheticMaskOptions {
  widthPx: number;
  heightPx: number;
  /** Move the globe centre (px) away from mid-frame, as a framing change may. */
  centerYPx?: number;
  /** Lash strokes up from the upper margin at these columns (mm). */
  lashColumnsMm?: number[];
  /** How far (mm) the lash strokes' roots reach down over the opening (lashes drawn over the margin). */
  lashRootMm?: number;
  /** One lash lying across the picture, 0.1 mm wide, at column xMm from height topMm down to bottomMm. */
  lashAcross?: { xMm: number; topMm: number; bottomMm: number };
  /** The brow's lower edge at rest, mm above the globe centre, per column (mm); none when absent. */
  browEdgeMm?: (xMm: number) => number;
  browThicknessMm?: number;
  /** Clip to the opening per pixel (as Chrome's canvas clips: no antialiasing), not per sub-sample. */
  hardClip?: boolean;
  /** The tear meniscus along the lower margin and the caruncle, as the page's mask draws them. */
  wet?: boolean;
}

const SUB = 4;

export function syntheticMask(s: EyeSample, o: SyntheticMaskOptions): { rgba: Uint8ClampedArray; frame: EyeFrame } {
  const base = eyeFrame(o.widthPx, o.heightPx);
  const frame: EyeFrame = o.centerYPx === undefined ? base : { ...base, centerYPx: o.centerYPx };
  const pose = irisPose(s);
  const m = lidMargins(s, pose);
  const iris = discEllipsePx(frame, pose, pose.radiusMm);
  const pupil = discEllipsePx(frame, pose, pose.pupilRadiusMm);
  const w = o.widthPx;
  const h = o.heightPx;
  const subW = w * SUB;
  // Per sub-column: the margins and the brow edge (they depend on x only).
  const upper = new Float64Array(subW);
  const lower = new Float64Array(subW);
  const brow = new Float64Array(subW);
  const inFissure = new Uint8Array(subW);
  // The tear meniscus's top over each sub-column (−∞ where there is none).
  const tearTop = new Float64Array(subW).fill(-Infinity);
  const xMmAt = new Float64Array(subW);
  for (let sx = 0; sx < subW; sx++) {
    const xMm = xMmOf(frame, (sx + 0.5) / SUB);
    xMmAt[sx] = xMm;
    inFissure[sx] = xMm > m.xLateralMm && xMm < m.xMedialMm ? 1 : 0;
    upper[sx] = m.upperMm(xMm);
    lower[sx] = m.lowerMm(xMm);
    if (o.wet && tearShow(m) > 0) {
      const t = fissureT(xMm);
      if (t > TEAR_T0 && t < TEAR_T1) tearTop[sx] = lower[sx] + meniscusHeightMm(t) * tearShow(m) + MASK_TEAR_INSET_PX / frame.pxPerMm;
    }
    brow[sx] = o.browEdgeMm ? o.browEdgeMm(xMm) + s.browLiftMm : Infinity;
  }
  const thickness = o.browThicknessMm ?? 3;
  const rgba = new Uint8ClampedArray(w * h * 4);
  const acc = new Float64Array(3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      acc.fill(0);
      for (let j = 0; j < SUB; j++) {
        const pyPx = y + (j + 0.5) / SUB;
        const yMm = yMmOf(frame, pyPx);
        for (let i = 0; i < SUB; i++) {
          const sx = x * SUB + i;
          const pxPx = (sx + 0.5) / SUB;
          const c = classAt(sx, pxPx, pyPx, yMm, o.hardClip ? yMmOf(frame, y + 0.5) : yMm, o.hardClip ? x * SUB + SUB / 2 : sx);
          acc[0] += c.r;
          acc[1] += c.g;
          acc[2] += c.b;
        }
      }
      const k = (y * w + x) * 4;
      rgba[k] = Math.round(acc[0] / (SUB * SUB));
      rgba[k + 1] = Math.round(acc[1] / (SUB * SUB));
      rgba[k + 2] = Math.round(acc[2] / (SUB * SUB));
      rgba[k + 3] = 255;
    }
  }
  return { rgba, frame };

  function classAt(sx: number, pxPx: number, pyPx: number, yMm: number, clipYMm: number, clipSx: number): MaskColor {
    const xMm = xMmAt[sx];
    const l = o.lashAcross;
    if (l && Math.abs(xMm - l.xMm) < 0.05 && yMm < l.topMm && yMm > l.bottomMm) return MASK_LASH;
    if (o.lashColumnsMm?.some((c) => Math.abs(xMm - c) < 0.06) && yMm >= upper[sx] - (o.lashRootMm ?? 0) && yMm < upper[sx] + 1.5 && inFissure[sx]) return MASK_LASH;
    if (inFissure[sx] && yMm < upper[sx] && yMm > lower[sx]) {
      // The globe inside the opening, clipped per sub-sample or (hardClip) per pixel.
      const clipped = inFissure[clipSx] && clipYMm < upper[clipSx] && clipYMm > lower[clipSx];
      if (clipped && yMm < tearTop[sx] && yMm > lower[sx] + MASK_TEAR_INSET_PX / frame.pxPerMm) return MASK_TEAR;
      if (clipped && inside(pupil, pxPx, pyPx)) return MASK_PUPIL;
      if (clipped && inside(iris, pxPx, pyPx)) return MASK_IRIS;
      if (clipped && o.wet && inCaruncle(xMm, yMm)) return MASK_CARUNCLE;
      return MASK_SCLERA;
    }
    if (yMm > brow[sx] && yMm < brow[sx] + thickness) return MASK_BROW;
    return MASK_SKIN;
  }
}

function inCaruncle(xMm: number, yMm: number): boolean {
  const c = CARUNCLE_MM;
  // The canvas draws it in px (y down), rotated by rotationRad there.
  const dx = xMm - c.x;
  const dy = -(yMm - c.y);
  const cos = Math.cos(c.rotationRad);
  const sin = Math.sin(c.rotationRad);
  const u = dx * cos + dy * sin;
  const v = -dx * sin + dy * cos;
  return (u / c.rx) ** 2 + (v / c.ry) ** 2 <= 1;
}

function inside(e: EllipsePx, xPxValue: number, yPxValue: number): boolean {
  if (e.radiusXPx <= 0 || e.radiusYPx <= 0) return false;
  const dx = xPxValue - e.xPx;
  const dy = yPxValue - e.yPx;
  const c = Math.cos(e.rotationRad);
  const s = Math.sin(e.rotationRad);
  const u = dx * c + dy * s;
  const v = -dx * s + dy * c;
  return (u / e.radiusXPx) ** 2 + (v / e.radiusYPx) ** 2 <= 1;
}
