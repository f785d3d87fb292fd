import { smoothstep } from '../assets/noise.ts';
import { CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM, creaseMm } from '../geometry/crease.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { faceWarpBox } from './face-warp-box.ts';
import { FOLD_SKIN_MM, lidUnroll } from './lid-unroll.ts';

/**
 * The lids as skin over the globe, computed per pixel from one continuous geometry (no strips, no
 * cached lid states, no rectangle anywhere). Per pixel column x:
 *   upper lid: the skin between the fixed crease c(x) and the margin u(x) is the rest skin from the
 *     rest margin r(x) up, plus what unrolls out of the fold under the crease (lid-unroll.ts), evenly
 *     stretched: a point that lay σ above the rest margin now lies σ·q above the margin. Skin that lay
 *     in the fold is the skin that continues above the crease in the rest face (the source is kept
 *     FOLD_SKIN_MM taller than the box for it). Pores and wrinkles are fixed to the skin (they spread
 *     a little, none slide).
 *   lower lid: the same about an anchor LOWER_ANCHOR_MM under the rest lower margin.
 *   the opening between the margins is transparent (the globe, drawn first, shows), with coverage
 *   antialiasing from each pixel's distance to the margin across it.
 *   the crease's fold is shaded below c(x): deepest over the pupil, fading out toward both ends, deeper
 *   when the lid lifts into it (k < 1, looking up), shallower as the lid's skin unrolls out of it
 *   closing (k > 1).
 * Above the crease, beyond the canthi and under the lower lid's anchor nothing changes, so a blink
 * leaves the face outside the eye's outline exactly as it was. At rest (k = 1) the warp is the
 * identity: the picture is the rest skin itself.
 *
 * Speed: ~40 % of frames move a lid, so this runs often. Everything that does not depend on the lids
 * is tabulated per column once (crease, rest margins, fold profile); the source is kept transposed
 * (column-major, one packed word per pixel) so a column's walk reads memory in order; a column whose
 * margins did not move keeps its pixels, and in one that moved only the lids and the rows the margins
 * swept are recomputed (the opening stays transparent). The result does not depend on what was drawn
 * before: every pixel that differs between two lid states is recomputed.
 */
export const LOWER_ANCHOR_MM = 1.5;
/**
 * The crease's fold: a dark line just under it and the hood's soft shadow below that, mm. The line is
 * soft and light (at 0.11 mm and 20 % dark, 32 % with the shadow, it was a 1–2 px pen line 57 levels
 * deep at 720p: a dome outlined above the lid), and its depth wanders along the crease (foldWander).
 */
const FOLD_LINE_MM = 0.17;
const FOLD_LINE_AT_MM = 0.2;
const FOLD_SHADOW_MM = 0.7;
const FOLD_SHADOW_AT_MM = 0.4;
const FOLD_LINE_DARK = 0.06;
const FOLD_SHADOW_DARK = 0.12;
/** The fold's edge ramps in over this depth: soft, never a stepped pixel line. */
const FOLD_RAMP_MM = 0.3;
/** Where the crease fades (mm): from about the lateral canthus and short of the medial one, inward. */
const CREASE_FADE_FROM_LATERAL_MM = CREASE_LATERAL_END_MM + 3.5;
const CREASE_FADE_LATERAL_MM = 9;
const CREASE_FADE_FROM_MEDIAL_MM = CREASE_MEDIAL_END_MM - 2;
const CREASE_FADE_MEDIAL_MM = 6.5;
/** Margins are placed to 1/MARGIN_QUANTUM px (far below what antialiasing shows). */
const MARGIN_QUANTUM = 32;
/** The fold profile is tabulated in quarter pixels of depth under the crease. */
const LUT_STEPS_PER_PX = 4;

export interface FaceWarp {
  box: BoundsPx;
  /** The output, box-sized; pixels outside each column's changing rows stay the rest skin forever. */
  img: ImageData;
  /** The rest face in the box and `srcTop` rows above it (skin unrolled from the fold), transposed:
   * src[x·(h + srcTop) + srcTop + y] = packed RGBA of box pixel (x, y). */
  src: Uint32Array;
  srcTop: number;
  /** The box's rest face, transposed, untouched: what the rows above the crease show. */
  hood: Uint32Array;
  /** Per box column, fixed: the first and last rows that can ever change, the crease row, the rest
   * margins' rows, the fold's fade and its depth-per-row scale (quarter pixels along the normal). */
  rowTop: Int32Array;
  rowBottom: Int32Array;
  creaseY: Float64Array;
  restUpperY: Float64Array;
  anchorY: Float64Array;
  xMm: Float64Array;
  inFissure: Uint8Array;
  foldFade: Float64Array;
  foldScale: Float64Array;
  lut: Float32Array;
  /** The same in 1/256ths, for the fixed-point fast path. */
  lutI: Int32Array;
  /** Per column, per frame (and the last drawn values, NaN for never). */
  uy: Float64Array;
  ly: Float64Array;
  prevUy: Float64Array;
  prevLy: Float64Array;
  prevFold: Float64Array;
  /** The margins' slope terms each column was last drawn with (its coverage reads its neighbours). */
  prevUCos: Float64Array;
  prevLCos: Float64Array;
}

/** How strongly the crease shows at column x (0 past its ends … 1 over the middle). */
export function creaseFade(xMm: number): number {
  const f =
    smoothstep(CREASE_FADE_FROM_LATERAL_MM, CREASE_FADE_FROM_LATERAL_MM + CREASE_FADE_LATERAL_MM, xMm) *
    smoothstep(CREASE_FADE_FROM_MEDIAL_MM, CREASE_FADE_FROM_MEDIAL_MM - CREASE_FADE_MEDIAL_MM, xMm);
  // Squared: the fold's last, steep stretch toward the canthi stays faint, not an outline.
  return f * f;
}

/** A real crease is deeper in places and shallower in others: 0.6–1 along it, slowly (periods 7–17 mm). */
export function foldWander(xMm: number): number {
  return 0.8 + 0.2 * Math.sin(0.9 * xMm + 1.1) * Math.sin(0.37 * xMm + 0.4);
}

/** The fold's depth for a lid stretch k: deeper bunched up (k < 1), unrolling as the lid closes. */
function foldDepth(k: number): number {
  return k < 1 ? 1 + 4 * (1 - k) : 1 / (1 + 1.6 * (k - 1));
}

function foldLut(pxPerMm: number): Float32Array {
  const extentPx = (FOLD_SHADOW_AT_MM + 3 * FOLD_SHADOW_MM) * pxPerMm;
  const lut = new Float32Array(Math.ceil(extentPx * LUT_STEPS_PER_PX) + 1);
  for (let i = 0; i < lut.length - 1; i++) {
    const dMm = i / LUT_STEPS_PER_PX / pxPerMm;
    const a = (dMm - FOLD_LINE_AT_MM) / FOLD_LINE_MM;
    const c = (dMm - FOLD_SHADOW_AT_MM) / FOLD_SHADOW_MM;
    lut[i] = smoothstep(0, FOLD_RAMP_MM, dMm) * (FOLD_LINE_DARK * Math.exp(-a * a) + FOLD_SHADOW_DARK * Math.exp(-c * c));
  }
  return lut;
}

/**
 * The skin that lay in the fold, written into the source rows above each column's crease (src rows
 * 0 … crease). It is lid skin: the rest lid of a column 4 mm nearer the middle, read back and forth
 * between that column's crease and rest margin (never its lashes' line: a band off the margin), so it
 * has the lid's wrinkles and pores, not a copy of the skin beside it. Each pixel keeps its texture and
 * takes this column's light just under the crease (scaled by the ratio of the smoothed colours, ±0.5
 * mm), and it fades in over the first millimetre from the hood's own skin, which the rest lid already
 * fades into there, so neither the crease's row nor the rest crease's point on a shut lid shows a seam.
 * (The hood's skin itself, pulled down, carried the hood's light and no wrinkles: a pale band with an
 * edge across a shut lid.)
 */
function writeFoldSkin(src: Uint32Array, w: number, hs: number, srcTop: number, box: BoundsPx, f: EyeFrame): void {
  const rad = Math.max(1, Math.round(0.5 * f.pxPerMm));
  // Smoothed colour per column and row (a ±rad box, every other column), for the light ratios.
  const smooth = new Float32Array(w * hs * 3);
  const pre = new Float64Array((hs + 1) * 3);
  const row = new Float64Array(hs * 3);
  for (let x = 0; x < w; x++) {
    row.fill(0);
    let n = 0;
    for (let xx = Math.max(0, x - rad); xx <= Math.min(w - 1, x + rad); xx += 2, n++) {
      for (let y = 0; y < hs; y++) {
        const p = src[xx * hs + y];
        row[y * 3] += p & 255;
        row[y * 3 + 1] += (p >>> 8) & 255;
        row[y * 3 + 2] += (p >>> 16) & 255;
      }
    }
    for (let i = 0; i < hs * 3; i++) pre[i + 3] = pre[i] + row[i] / n;
    for (let y = 0; y < hs; y++) {
      const a = Math.max(0, y - rad);
      const b = Math.min(hs - 1, y + rad);
      for (let c = 0; c < 3; c++) smooth[(x * hs + y) * 3 + c] = (pre[(b + 1) * 3 + c] - pre[a * 3 + c]) / (b - a + 1);
    }
  }
  const rm = restLidMargins();
  const creaseS = (x: number) => yPx(f, creaseMm(xMmOf(f, box.x + x + 0.5))) - box.y + srcTop;
  const marginS = (x: number) => yPx(f, rm.upperMm(xMmOf(f, box.x + x + 0.5))) - box.y + srcTop;
  const offset = Math.round(4 * f.pxPerMm);
  const fadePx = f.pxPerMm;
  const orig = src.slice();
  for (let x = 0; x < w; x++) {
    const xm = xMmOf(f, box.x + x + 0.5);
    if (xm <= rm.xLateralMm || xm >= rm.xMedialMm) continue;
    const cy = creaseS(x);
    const top = Math.ceil(cy - 0.5);
    if (top <= 0) continue;
    // The donor column, toward the middle; its lid from the crease to 0.6 mm short of the margin.
    const xd = Math.max(0, Math.min(w - 1, xm < 0 ? x + offset : x - offset));
    const d0 = Math.ceil(creaseS(xd)) + 1;
    const span = Math.max(2, Math.floor(marginS(xd) - 0.6 * f.pxPerMm) - d0);
    const refY = Math.min(hs - 1, Math.round(cy) + rad);
    // Every row above the crease (the face as it was stays in `hood` for the rows drawn above it).
    for (let y = 0; y < top; y++) {
      const t = cy - (y + 0.5);
      const m = Math.floor(t) % (2 * span);
      const dy = d0 + (m < span ? m : 2 * span - 1 - m);
      const p = orig[xd * hs + dy];
      const h = orig[x * hs + y];
      const wgt = Math.min(1, t / fadePx);
      let out = 0xff000000;
      for (let c = 0; c < 3; c++) {
        const ref = smooth[(x * hs + refY) * 3 + c];
        const lid = ((p >>> (8 * c)) & 255) * Math.min(1.25, Math.max(0.8, ref / Math.max(1, smooth[(xd * hs + dy) * 3 + c])));
        const hood = ((h >>> (8 * c)) & 255) * Math.min(1.25, Math.max(0.8, ref / Math.max(1, smooth[(x * hs + y) * 3 + c])));
        const v = Math.round(hood + (lid - hood) * wgt);
        out |= (v > 255 ? 255 : v) << (8 * c);
      }
      src[x * hs + y] = out >>> 0;
    }
  }
}

export function createFaceWarp(f: EyeFrame, rest: Uint8ClampedArray): FaceWarp {
  const box = faceWarpBox(f);
  const { w, h } = box;
  const img = new ImageData(w, h);
  const d = img.data;
  for (let y = 0; y < h; y++) {
    const s = ((box.y + y) * f.widthPx + box.x) * 4;
    d.set(rest.subarray(s, s + w * 4), y * w * 4);
  }
  const srcTop = Math.ceil(FOLD_SKIN_MM * f.pxPerMm) + 2;
  const hs = h + srcTop;
  const src = new Uint32Array(w * hs);
  const rest32 = new Uint32Array(rest.buffer, rest.byteOffset, rest.length >> 2);
  for (let y = 0; y < hs; y++) {
    // Above the frame the top row repeats (only a frame cut very tight reaches it).
    const fy = Math.max(0, box.y + y - srcTop);
    for (let x = 0; x < w; x++) src[x * hs + y] = rest32[fy * f.widthPx + box.x + x];
  }
  const hood = src.slice();
  writeFoldSkin(src, w, hs, srcTop, box, f);
  const f64 = () => new Float64Array(w);
  const nan = () => new Float64Array(w).fill(Number.NaN);
  const wp: FaceWarp = {
    box,
    img,
    src,
    srcTop,
    hood,
    rowTop: new Int32Array(w),
    rowBottom: new Int32Array(w),
    creaseY: f64(),
    restUpperY: f64(),
    anchorY: f64(),
    xMm: f64(),
    inFissure: new Uint8Array(w),
    foldFade: f64(),
    foldScale: f64(),
    lut: foldLut(f.pxPerMm),
    lutI: Int32Array.from(foldLut(f.pxPerMm), (v) => Math.round(v * 256)),
    uy: f64(),
    ly: f64(),
    prevUy: nan(),
    prevLy: nan(),
    prevFold: nan(),
    prevUCos: nan(),
    prevLCos: nan(),
  };
  const rm = restLidMargins();
  const hMm = 0.5 / f.pxPerMm;
  for (let x = 0; x < w; x++) {
    const xm = xMmOf(f, box.x + x + 0.5);
    const inF = xm > rm.xLateralMm && xm < rm.xMedialMm;
    const cy = yPx(f, creaseMm(xm)) - box.y;
    const slope = (creaseMm(xm + hMm) - creaseMm(xm - hMm)) / (2 * hMm);
    wp.xMm[x] = xm;
    wp.inFissure[x] = inF ? 1 : 0;
    wp.creaseY[x] = cy;
    wp.foldFade[x] = creaseFade(xm) * foldWander(xm);
    wp.foldScale[x] = LUT_STEPS_PER_PX / Math.sqrt(1 + slope * slope);
    wp.restUpperY[x] = yPx(f, rm.upperMm(xm)) - box.y;
    wp.anchorY[x] = yPx(f, rm.lowerMm(xm) - LOWER_ANCHOR_MM) - box.y;
    wp.rowTop[x] = Math.max(0, Math.floor(cy) - 1);
    const bottomY = inF ? wp.anchorY[x] : cy + (FOLD_SHADOW_AT_MM + 3 * FOLD_SHADOW_MM) * f.pxPerMm;
    wp.rowBottom[x] = Math.min(h - 2, Math.ceil(bottomY) + 1);
  }
  return wp;
}

/**
 * Redraw every pixel of the warp that differs from its last state, for margins m. Returns the box-relative
 * bounds of what it rewrote (empty: w = 0).
 */
export function paintFaceWarp(w: FaceWarp, f: EyeFrame, m: LidMargins): BoundsPx {
  const { box, src, srcTop, hood, rowTop, rowBottom, creaseY, restUpperY, anchorY, xMm, inFissure, foldFade, foldScale, lut, uy: uyA, ly: lyA } = w;
  const h = box.h;
  const bw = box.w;
  const out = new Uint32Array(w.img.data.buffer, w.img.data.byteOffset, bw * h);
  const anchor = LOWER_ANCHOR_MM * f.pxPerMm;
  const lutLast = lut.length - 1;
  const lutI = w.lutI;
  let dx0 = bw;
  let dx1 = -1;
  let dy0 = h;
  let dy1 = -1;
  for (let x = 0; x < bw; x++) {
    if (inFissure[x] === 1) {
      // In 1/32 px: a column the margins moved by less keeps its pixels exactly (as if recomputed).
      uyA[x] = Math.round((yPx(f, m.upperMm(xMm[x])) - box.y) * MARGIN_QUANTUM) / MARGIN_QUANTUM;
      lyA[x] = Math.round((yPx(f, m.lowerMm(xMm[x])) - box.y) * MARGIN_QUANTUM) / MARGIN_QUANTUM;
    }
  }
  for (let x = 0; x < bw; x++) {
    const inF = inFissure[x] === 1;
    const cy = creaseY[x];
    let ku = 1;
    let kl = 1;
    // Upper lid: source row (in src, with srcTop) = sA + yc·sB for a pixel centre yc under the crease.
    let sA = srcTop;
    let sB = 1;
    let uy = 0;
    let ly = 0;
    let uCos = 1;
    let lCos = 1;
    if (inF) {
      uy = uyA[x];
      ly = lyA[x];
      const ry = restUpperY[x];
      ku = ry - cy > 0.5 ? Math.max(0.05, (uy - cy) / (ry - cy)) : 1;
      if (ry - cy > 0.5 && uy - cy > 0.5) {
        // σ above the margin in rest px is (uy − yc)/q, and lay at ry − σ in the rest face.
        const q = lidUnroll(ry - cy, uy - cy, f.pxPerMm).stretch;
        sB = 1 / q;
        sA = srcTop + ry - uy * sB;
      }
      kl = Math.max(0.15, (anchorY[x] - ly) / anchor);
      // Coverage across a sloping margin: distance along its normal, not straight down.
      const x0 = x > 0 && inFissure[x - 1] === 1 ? x - 1 : x;
      const x1 = x < bw - 1 && inFissure[x + 1] === 1 ? x + 1 : x;
      const su = x1 > x0 ? (uyA[x1] - uyA[x0]) / (x1 - x0) : 0;
      const sl = x1 > x0 ? (lyA[x1] - lyA[x0]) / (x1 - x0) : 0;
      uCos = 1 / Math.sqrt(1 + su * su);
      lCos = 1 / Math.sqrt(1 + sl * sl);
    }
    const fold = foldFade[x] * foldDepth(ku);
    // A column whose margins, their slopes and its fold are as last drawn keeps its pixels. (The slope
    // comes from the neighbours: without it, a column kept coverage drawn for its neighbours' old
    // margins, so a frame depended on the frames before it, even on the scene a reused page drew last.)
    if (inF ? uy === w.prevUy[x] && ly === w.prevLy[x] && fold === w.prevFold[x] && uCos === w.prevUCos[x] && lCos === w.prevLCos[x] : fold === w.prevFold[x]) continue;
    let upEnd = rowBottom[x];
    let lowStart = h;
    if (inF) {
      // The upper lid down to the lower of its old and new margin, the lower lid up from the higher of
      // its old and new margin; the opening between stays transparent.
      const pu = Number.isNaN(w.prevUy[x]) ? ly : w.prevUy[x];
      const pl = Number.isNaN(w.prevLy[x]) ? uy : w.prevLy[x];
      upEnd = Math.min(rowBottom[x], Math.ceil(Math.max(uy, pu)) + 1);
      lowStart = Math.max(rowTop[x], Math.floor(Math.min(ly, pl)) - 1);
    }
    if (x < dx0) dx0 = x;
    if (x > dx1) dx1 = x;
    if (rowTop[x] < dy0) dy0 = rowTop[x];
    if (rowBottom[x] > dy1) dy1 = rowBottom[x];
    w.prevUy[x] = inF ? uy : Number.NaN;
    w.prevLy[x] = inF ? ly : Number.NaN;
    w.prevFold[x] = fold;
    w.prevUCos[x] = uCos;
    w.prevLCos[x] = lCos;
    const col = x * (h + srcTop);
    const invKl = 1 / kl;
    const ay = anchorY[x];
    const fScale = foldScale[x];
    const yEnd = rowBottom[x];
    const foldI = Math.round(fold * 256);
    // Rows wholly upper lid (aU = 1, aL = 0) and wholly lower lid take the fast path: fixed-point
    // bilinear on packed pixels (red and blue in one multiply), no coverage.
    const uFull = inF ? Math.min(uy - 0.5 / uCos, ly - 0.5 / lCos) : Infinity;
    const lFull = inF ? Math.max(ly + 0.5 / lCos, uy + 0.5 / uCos) : Infinity;
    for (let y = rowTop[x]; y <= yEnd; y++) {
      if (y > upEnd && y < lowStart) {
        y = lowStart - 1;
        continue;
      }
      const yc = y + 0.5;
      if (yc <= uFull) {
        const dy = yc - cy;
        if (dy <= 0) {
          out[y * bw + x] = hood[col + srcTop + y];
          continue;
        }
        const s = sA + yc * sB - 0.5;
        const s0 = s < 0 ? 0 : s | 0;
        const ti = ((s - s0) * 256) | 0;
        const ui = 256 - ti;
        const p0 = src[col + s0];
        const p1 = src[col + s0 + 1];
        let rb = (((p0 & 0xff00ff) * ui + (p1 & 0xff00ff) * ti) >>> 8) & 0xff00ff;
        let gg = (((p0 & 0xff00) * ui + (p1 & 0xff00) * ti) >>> 8) & 0xff00;
        const li = (dy * fScale) | 0;
        if (li < lutLast && foldI > 0) {
          const kf = 256 - ((foldI * lutI[li]) >> 8);
          rb = ((rb * kf) >>> 8) & 0xff00ff;
          gg = ((gg * kf) >>> 8) & 0xff00;
        }
        out[y * bw + x] = 0xff000000 | rb | gg;
        continue;
      }
      if (yc >= lFull) {
        const s = srcTop + (yc < ay ? ay - (ay - yc) * invKl : yc) - 0.5;
        const s0 = s < 0 ? 0 : s | 0;
        const ti = ((s - s0) * 256) | 0;
        const ui = 256 - ti;
        const p0 = src[col + s0];
        const p1 = src[col + s0 + 1];
        const rb = (((p0 & 0xff00ff) * ui + (p1 & 0xff00ff) * ti) >>> 8) & 0xff00ff;
        const gg = (((p0 & 0xff00) * ui + (p1 & 0xff00) * ti) >>> 8) & 0xff00;
        out[y * bw + x] = 0xff000000 | rb | gg;
        continue;
      }
      let aU = 1;
      let aL = 0;
      if (inF) {
        aU = (uy - yc) * uCos + 0.5;
        aU = aU < 0 ? 0 : aU > 1 ? 1 : aU;
        aL = (yc - ly) * lCos + 0.5;
        aL = aL < 0 ? 0 : aL > 1 ? 1 : aL;
        if (aU + aL <= 0) {
          out[y * bw + x] = 0;
          continue;
        }
      }
      let r = 0;
      let g = 0;
      let b = 0;
      if (aU > 0) {
        // Upper lid (or, outside the fissure, the skin under the crease, unstretched).
        const dy = yc - cy;
        const s = dy > 0 ? sA + yc * sB - 0.5 : srcTop + y;
        const s0 = s < 0 ? 0 : s | 0;
        const t = s - s0;
        const from = dy > 0 ? src : hood;
        const p0 = from[col + s0];
        const p1 = from[col + s0 + 1];
        let k = aU;
        if (dy > 0) {
          const li = (dy * fScale) | 0;
          k *= 1 - fold * lut[li < lutLast ? li : lutLast];
        }
        const r0 = p0 & 255;
        const g0 = (p0 >>> 8) & 255;
        const b0 = (p0 >>> 16) & 255;
        r = (r0 + ((p1 & 255) - r0) * t) * k;
        g = (g0 + (((p1 >>> 8) & 255) - g0) * t) * k;
        b = (b0 + (((p1 >>> 16) & 255) - b0) * t) * k;
      }
      if (aL > 0) {
        // Stretched above the anchor, the skin itself below it.
        const s = srcTop + (yc < ay ? ay - (ay - yc) * invKl : yc) - 0.5;
        const s0 = s < 0 ? 0 : s | 0;
        const t = s - s0;
        const p0 = src[col + s0];
        const p1 = src[col + s0 + 1];
        const r0 = p0 & 255;
        const g0 = (p0 >>> 8) & 255;
        const b0 = (p0 >>> 16) & 255;
        r += (r0 + ((p1 & 255) - r0) * t) * aL;
        g += (g0 + (((p1 >>> 8) & 255) - g0) * t) * aL;
        b += (b0 + (((p1 >>> 16) & 255) - b0) * t) * aL;
      }
      // Colours were weighted by coverage; ImageData is not premultiplied.
      const a = aU + aL;
      const inv = a === 1 ? 1 : 1 / a;
      const ri = (r * inv + 0.5) | 0;
      const gi = (g * inv + 0.5) | 0;
      const bi = (b * inv + 0.5) | 0;
      const ai = a >= 1 ? 255 : (255 * a + 0.5) | 0;
      out[y * bw + x] = ((ai << 24) | ((bi > 255 ? 255 : bi) << 16) | ((gi > 255 ? 255 : gi) << 8) | (ri > 255 ? 255 : ri)) >>> 0;
    }
  }
  return dx1 < dx0 ? { x: 0, y: 0, w: 0, h: 0 } : { x: dx0, y: dy0, w: dx1 - dx0 + 1, h: dy1 - dy0 + 1 };
}
