import { lidLight } from '../assets/lid-skin.ts';
import { smoothstep } from '../assets/noise.ts';
import { CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM, creaseMm } from '../geometry/crease.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yMmOf, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { faceWarpBox } from './face-warp-box.ts';

/**
 * The lids as skin over the globe, computed per pixel from one continuous geometry (no strips, no
 * cached lid states, no rectangle anywhere). Per pixel column x:
 *   upper lid: the skin between the fixed crease c(x) and the margin u(x) is the rest skin between c(x)
 *     and the rest margin r(x), stretched: a point that lay at y₀ now lies at c + (y₀ − c)·k, with
 *     k = (u − c)/(r − c). Its pores and wrinkles are fixed to the skin (they spread, none slide), and it
 *     is lit where it is now (× light(here)/light(where it was)).
 *   lower lid: the same about an anchor LOWER_ANCHOR_MM under the rest lower margin.
 *   the opening between the margins is transparent (the globe, drawn first, shows), with coverage
 *   antialiasing from each pixel's distance to the margin across it.
 *   the crease's fold is shaded below c(x): deepest over the pupil, fading out toward both ends, deeper
 *   when the lid lifts into it (k < 1, looking up), shallower as the lid's skin unrolls out of it
 *   closing (k > 1).
 * Above the crease, beyond the canthi and under the lower lid's anchor nothing changes, so a blink
 * leaves the face outside the eye's outline exactly as it was. At rest (k = 1) the warp is the
 * identity: the picture is the rest skin itself.
 */
export const LOWER_ANCHOR_MM = 1.5;
/** The crease's fold: a thin dark line just under it and the hood's soft shadow below that, mm. */
const FOLD_LINE_MM = 0.11;
const FOLD_LINE_AT_MM = 0.08;
const FOLD_SHADOW_MM = 0.55;
const FOLD_SHADOW_AT_MM = 0.35;
const FOLD_LINE_DARK = 0.2;
const FOLD_RAMP_MM = 0.12;
const FOLD_SHADOW_DARK = 0.14;
/** How far (mm) from each end the crease fades in: it is a fold over the middle of the lid, no goggles. */
const CREASE_FADE_LATERAL_MM = 9;
/** Where the fade starts: about the lateral canthus, and short of the medial one. */
const CREASE_FADE_FROM_LATERAL_MM = CREASE_LATERAL_END_MM + 3.5;
const CREASE_FADE_FROM_MEDIAL_MM = CREASE_MEDIAL_END_MM - 2;
const CREASE_FADE_MEDIAL_MM = 6.5;

export interface FaceWarp {
  box: BoundsPx;
  /** The output, box-sized; pixels outside each column's changing rows stay the rest skin forever. */
  img: ImageData;
  /** The rest face (skin with the lid at rest, no opening), full frame RGBA. */
  rest: Uint8ClampedArray;
  /** lidLight at every box pixel centre, row-major. */
  light: Float32Array;
  /** Per box column: the first and last box rows that can ever change. */
  rowTop: Int32Array;
  rowBottom: Int32Array;
}

export function createFaceWarp(f: EyeFrame, rest: Uint8ClampedArray): FaceWarp {
  const box = faceWarpBox(f);
  const img = new ImageData(box.w, box.h);
  const d = img.data;
  for (let y = 0; y < box.h; y++) {
    const s = ((box.y + y) * f.widthPx + box.x) * 4;
    d.set(rest.subarray(s, s + box.w * 4), y * box.w * 4);
  }
  const light = new Float32Array(box.w * box.h);
  for (let y = 0; y < box.h; y++) {
    const ym = yMmOf(f, box.y + y + 0.5);
    for (let x = 0; x < box.w; x++) light[y * box.w + x] = lidLight(xMmOf(f, box.x + x + 0.5), ym);
  }
  const rowTop = new Int32Array(box.w);
  const rowBottom = new Int32Array(box.w);
  const rm = restLidMargins();
  for (let x = 0; x < box.w; x++) {
    const xm = xMmOf(f, box.x + x + 0.5);
    rowTop[x] = Math.max(0, Math.floor(yPx(f, creaseMm(xm)) - box.y) - 1);
    const inFissure = xm > rm.xLateralMm && xm < rm.xMedialMm;
    const bottomMm = inFissure ? rm.lowerMm(xm) - LOWER_ANCHOR_MM : creaseMm(xm) - FOLD_SHADOW_AT_MM - 2 * FOLD_SHADOW_MM;
    rowBottom[x] = Math.min(box.h - 1, Math.ceil(yPx(f, bottomMm) - box.y) + 1);
  }
  return { box, img, rest, light, rowTop, rowBottom };
}

/** How strongly the crease shows at column x (0 past its ends … 1 over the middle). */
export function creaseFade(xMm: number): number {
  return (
    // Squared: the fold's last, steep stretch toward the canthi stays faint, not an outline.
    (
    smoothstep(CREASE_FADE_FROM_LATERAL_MM, CREASE_FADE_FROM_LATERAL_MM + CREASE_FADE_LATERAL_MM, xMm) *
    smoothstep(CREASE_FADE_FROM_MEDIAL_MM, CREASE_FADE_FROM_MEDIAL_MM - CREASE_FADE_MEDIAL_MM, xMm)) **
    2
  );
}

/** The fold's depth for a lid stretch k: deeper bunched up (k < 1), unrolling as the lid closes. */
function foldDepth(k: number): number {
  return k < 1 ? 1 + 4 * (1 - k) : 1 / (1 + 1.6 * (k - 1));
}

/** Redraw every changing pixel of the warp for margins m. */
export function paintFaceWarp(w: FaceWarp, f: EyeFrame, m: LidMargins): void {
  const { box, rest, light, rowTop, rowBottom } = w;
  const out = w.img.data;
  const W = f.widthPx;
  const bw = box.w;
  const mm = f.pxPerMm;
  const rm = restLidMargins();
  const lineInv = 1 / (FOLD_LINE_MM * mm);
  const shadowInv = 1 / (FOLD_SHADOW_MM * mm);
  const lineAt = FOLD_LINE_AT_MM * mm;
  const rampInv = 1 / (FOLD_RAMP_MM * mm);
  const shadowAt = FOLD_SHADOW_AT_MM * mm;
  const anchor = LOWER_ANCHOR_MM * mm;
  const slopeH = 0.5 / mm;
  for (let x = 0; x < bw; x++) {
    const cx = box.x + x + 0.5;
    const xm = xMmOf(f, cx);
    const cy = yPx(f, creaseMm(xm)) - box.y;
    // The fold is shaded by distance across it (along its normal), so a sloping crease is not stepped.
    const cs = (creaseMm(xm + slopeH) - creaseMm(xm - slopeH)) / (2 * slopeH);
    const cCos = 1 / Math.sqrt(1 + cs * cs);
    const inFissure = xm > m.xLateralMm && xm < m.xMedialMm;
    let uy = 0;
    let ly = 0;
    let ku = 1;
    let kl = 1;
    let ay = 0;
    let uCos = 1;
    let lCos = 1;
    if (inFissure) {
      uy = yPx(f, m.upperMm(xm)) - box.y;
      ly = yPx(f, m.lowerMm(xm)) - box.y;
      const ry = yPx(f, rm.upperMm(xm)) - box.y;
      const rly = yPx(f, rm.lowerMm(xm)) - box.y;
      ay = rly + anchor;
      ku = ry - cy > 0.5 ? (uy - cy) / (ry - cy) : 1;
      kl = Math.max(0.15, (ay - ly) / anchor);
      // Coverage across a sloping margin: distance along its normal, not straight down.
      const su = (m.upperMm(xm + slopeH) - m.upperMm(xm - slopeH)) / (2 * slopeH);
      const sl = (m.lowerMm(xm + slopeH) - m.lowerMm(xm - slopeH)) / (2 * slopeH);
      uCos = 1 / Math.sqrt(1 + su * su);
      lCos = 1 / Math.sqrt(1 + sl * sl);
    }
    const fold = creaseFade(xm) * foldDepth(ku);
    const y0 = rowTop[x];
    const y1 = rowBottom[x];
    const srcCol = (box.x + x) * 4;
    for (let y = y0; y <= y1; y++) {
      const yc = y + 0.5;
      const o = (y * bw + x) * 4;
      let aU = 1;
      let aL = 0;
      if (inFissure) {
        aU = (uy - yc) * uCos + 0.5;
        aU = aU < 0 ? 0 : aU > 1 ? 1 : aU;
        aL = (yc - ly) * lCos + 0.5;
        aL = aL < 0 ? 0 : aL > 1 ? 1 : aL;
        if (aU + aL <= 0) {
          out[o + 3] = 0;
          continue;
        }
      }
      let r = 0;
      let g = 0;
      let b = 0;
      if (aU > 0) {
        // Upper lid (or, outside the fissure, the skin under the crease, unstretched).
        const dy = yc - cy;
        const src = dy > 0 ? cy + dy / ku : yc;
        let s0 = Math.floor(src - 0.5);
        const t = src - 0.5 - s0;
        if (s0 < 0) s0 = 0;
        const i0 = ((box.y + s0) * W) * 4 + srcCol;
        const i1 = i0 + W * 4;
        let k = 1;
        if (dy > 0) {
          const ls = light[s0 * bw + x];
          k = ls > 0 ? light[y * bw + x] / ls : 1;
          const a = (dy * cCos - lineAt) * lineInv;
          const c = (dy * cCos - shadowAt) * shadowInv;
          // Ramped in over the first FOLD_RAMP_MM: the fold's edge is soft, never a stepped pixel line.
          const e = dy * cCos * rampInv;
          const ramp = e >= 1 ? 1 : e * e * (3 - 2 * e);
          k *= 1 - fold * ramp * (FOLD_LINE_DARK * Math.exp(-a * a) + FOLD_SHADOW_DARK * Math.exp(-c * c));
        }
        r = (rest[i0] + (rest[i1] - rest[i0]) * t) * k * aU;
        g = (rest[i0 + 1] + (rest[i1 + 1] - rest[i0 + 1]) * t) * k * aU;
        b = (rest[i0 + 2] + (rest[i1 + 2] - rest[i0 + 2]) * t) * k * aU;
      }
      if (aL > 0) {
        const src = ay - (ay - yc) / kl;
        let s0 = Math.floor(src - 0.5);
        const t = src - 0.5 - s0;
        if (s0 < 0) s0 = 0;
        const i0 = ((box.y + s0) * W) * 4 + srcCol;
        const i1 = i0 + W * 4;
        r += (rest[i0] + (rest[i1] - rest[i0]) * t) * aL;
        g += (rest[i0 + 1] + (rest[i1 + 1] - rest[i0 + 1]) * t) * aL;
        b += (rest[i0 + 2] + (rest[i1 + 2] - rest[i0 + 2]) * t) * aL;
      }
      // Colours were weighted by coverage; ImageData is not premultiplied.
      const a = aU + aL;
      r /= a;
      g /= a;
      b /= a;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = a >= 1 ? 255 : 255 * a;
    }
  }
}
