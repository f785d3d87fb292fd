import type { EyeFrame } from '../geometry/eye-frame.ts';
import { yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import type { FaceWarp } from './face-warp.ts';
import { LOWER_ANCHOR_MM } from './face-warp.ts';
import { FOLD_BLUE, FOLD_RED, foldDepth } from './face-warp-fold.ts';
import { lidUnroll } from './lid-unroll.ts';

const FOLD_RED_I = Math.round(FOLD_RED * 256);
const FOLD_BLUE_I = Math.round(FOLD_BLUE * 256);

/**
 * How far a lowered lid's skin has gone to its unrolled, uncreased state (the skin a shut lid shows,
 * lid-skin.ts UNROLLED_CREASES), in 1/256ths, for a lid stretch k: none at rest or above it, all of it
 * from k = 1 + CREASE_FLAT_SPAN down. Its fine creases are where the open lid folds; stretched over a
 * lowered globe they flatten. (Stretched as drawn, a down-gaze turned them into crescents and hooks,
 * 2009's phone-reading lid all film long: lid-outline-picture.test.ts.)
 */
const CREASE_FLAT_SPAN = 0.8;
function creaseFlat(k: number): number {
  return k <= 1 ? 0 : k >= 1 + CREASE_FLAT_SPAN ? 256 : Math.round((256 * (k - 1)) / CREASE_FLAT_SPAN);
}

/** Packed RGBA a and b mixed, b's share w/256 (a's alpha kept). */
function mixPacked(a: number, b: number, w: number): number {
  const u = 256 - w;
  const rb = (((a & 0xff00ff) * u + (b & 0xff00ff) * w) >>> 8) & 0xff00ff;
  const gg = (((a & 0xff00) * u + (b & 0xff00) * w) >>> 8) & 0xff00;
  return ((a & 0xff000000) | rb | gg) >>> 0;
}

/** Margins are placed to 1/MARGIN_QUANTUM px (far below what antialiasing shows). */
const MARGIN_QUANTUM = 32;

/**
 * How much of the hood's roll of light shows for a lid stretch k: all of it open and looking up
 * (k ≤ 1), fading as the lid's skin unrolls out of the fold (a tenth at k = 2.5, about shut), in 1/256ths.
 */
function rollShown(k: number): number {
  return k <= 1 ? 256 : Math.round(256 * Math.exp(-1.5 * (k - 1)));
}

/**
 * Redraw every pixel of the warp that differs from its last state, for margins m. Returns the box-relative
 * bounds of what it rewrote (empty: w = 0).
 */
export function paintFaceWarp(w: FaceWarp, f: EyeFrame, m: LidMargins): BoundsPx {
  const { box, src, srcSmooth, srcTop, hood, hoodBare, rowTop, rowBottom, creaseY, restUpperY, anchorY, xMm, inFissure, foldFade, foldScale, lut, uy: uyA, ly: lyA } = w;
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
    const flat = inF ? creaseFlat(ku) : 0;
    const fold = foldFade[x] * foldDepth(ku);
    const roll = rollShown(ku);
    // A column whose margins, their slopes and its fold are as last drawn keeps its pixels. (The slope
    // comes from the neighbours: without it, a column kept coverage drawn for its neighbours' old
    // margins, so a frame depended on the frames before it, even on the scene a reused page drew last.)
    if (inF ? uy === w.prevUy[x] && ly === w.prevLy[x] && fold === w.prevFold[x] && roll === w.prevRoll[x] && uCos === w.prevUCos[x] && lCos === w.prevLCos[x] : fold === w.prevFold[x]) continue;
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
    const top = roll === w.prevRoll[x] ? rowTop[x] : Math.min(rowTop[x], w.rollTop[x]);
    if (top < dy0) dy0 = top;
    if (rowBottom[x] > dy1) dy1 = rowBottom[x];
    w.prevUy[x] = inF ? uy : Number.NaN;
    w.prevLy[x] = inF ? ly : Number.NaN;
    w.prevFold[x] = fold;
    w.prevRoll[x] = roll;
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
    for (let y = top; y <= yEnd; y++) {
      if (y > upEnd && y < lowStart) {
        y = lowStart - 1;
        continue;
      }
      const yc = y + 0.5;
      if (yc <= uFull) {
        const dy = yc - cy;
        if (dy <= 0) {
          const p1 = hood[col + srcTop + y];
          // Between the face without the roll (shut) and with it (open); the hood is opaque.
          out[y * bw + x] = roll === 256 ? p1 : mixPacked(hoodBare[col + srcTop + y], p1, roll);
          continue;
        }
        const s = sA + yc * sB - 0.5;
        const s0 = s < 0 ? 0 : s | 0;
        const ti = ((s - s0) * 256) | 0;
        const ui = 256 - ti;
        const p0 = flat === 0 ? src[col + s0] : mixPacked(src[col + s0], srcSmooth[col + s0], flat);
        const p1 = flat === 0 ? src[col + s0 + 1] : mixPacked(src[col + s0 + 1], srcSmooth[col + s0 + 1], flat);
        let rb = (((p0 & 0xff00ff) * ui + (p1 & 0xff00ff) * ti) >>> 8) & 0xff00ff;
        let gg = (((p0 & 0xff00) * ui + (p1 & 0xff00) * ti) >>> 8) & 0xff00;
        const li = (dy * fScale) | 0;
        if (li < lutLast && foldI > 0) {
          // Warm, not grey: red darkens less than green, blue a little more (face-warp-fold.ts).
          const d = (foldI * lutI[li]) >> 8;
          const kb = 256 - ((d * FOLD_BLUE_I) >> 8);
          rb = ((((rb & 0xff) * (256 - ((d * FOLD_RED_I) >> 8))) >>> 8) | ((((rb >>> 16) * (kb < 0 ? 0 : kb)) >>> 8) << 16)) & 0xff00ff;
          gg = ((gg * (256 - d)) >>> 8) & 0xff00;
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
        const p0 = dy > 0 && flat > 0 ? mixPacked(src[col + s0], srcSmooth[col + s0], flat) : from[col + s0];
        const p1 = dy > 0 && flat > 0 ? mixPacked(src[col + s0 + 1], srcSmooth[col + s0 + 1], flat) : from[col + s0 + 1];
        let dk = 0;
        if (dy > 0) {
          const li = (dy * fScale) | 0;
          dk = fold * lut[li < lutLast ? li : lutLast];
        }
        const kR = aU * (1 - FOLD_RED * dk);
        const k = aU * (1 - dk);
        const kB = aU * Math.max(0, 1 - FOLD_BLUE * dk);
        const r0 = p0 & 255;
        const g0 = (p0 >>> 8) & 255;
        const b0 = (p0 >>> 16) & 255;
        r = (r0 + ((p1 & 255) - r0) * t) * kR;
        g = (g0 + (((p1 >>> 8) & 255) - g0) * t) * k;
        b = (b0 + (((p1 >>> 16) & 255) - b0) * t) * kB;
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
