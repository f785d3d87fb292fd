import { creaseMm } from '../geometry/crease.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yPx } from '../geometry/eye-frame.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { faceWarpBox } from './face-warp-box.ts';
import { FOLD_EXTENT_MM, LUT_STEPS_PER_PX, creaseFade, foldLut, foldWander } from './face-warp-fold.ts';
import { writeFoldSkin } from './face-warp-fold-skin.ts';
import { FOLD_SKIN_MM } from './lid-unroll.ts';


/*
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
 * (The fold's shading is face-warp-fold.ts, the skin that unrolls from it face-warp-fold-skin.ts, the
 * per-frame painting face-warp-paint.ts.)
 *
 * Speed: ~40 % of frames move a lid, so this runs often. Everything that does not depend on the lids
 * is tabulated per column once (crease, rest margins, fold profile); the source is kept transposed
 * (column-major, one packed word per pixel) so a column's walk reads memory in order; a column whose
 * margins did not move keeps its pixels, and in one that moved only the lids and the rows the margins
 * swept are recomputed (the opening stays transparent). The result does not depend on what was drawn
 * before: every pixel that differs between two lid states is recomputed.
 */

/** The lower lid stretches about an anchor this far under its rest margin (above). */
export const LOWER_ANCHOR_MM = 1.5;

export interface FaceWarp {
  box: BoundsPx;
  /** The output, box-sized; pixels outside each column's changing rows stay the rest skin forever. */
  img: ImageData;
  /** The rest face in the box and `srcTop` rows above it (skin unrolled from the fold), transposed:
   * src[x·(h + srcTop) + srcTop + y] = packed RGBA of box pixel (x, y). */
  src: Uint32Array;
  /** `src` with the lid's fine creases faint (the unrolled skin's), below each column's crease: what a
   * lowered lid's stretched skin fades to (face-warp-paint.ts, creaseFlat). The same array where no
   * such face was given. */
  srcSmooth: Uint32Array;
  srcTop: number;
  /** The box's rest face, transposed, untouched: what the rows above the crease show open. */
  hood: Uint32Array;
  /** The same without the hood's roll of light: what they show shut (the warp fades between them). */
  hoodBare: Uint32Array;
  /** Per column, the first row the roll of light touches (the crease's row where it touches none):
   * those above rowTop are rewritten only when the roll's share changes. */
  rollTop: Int32Array;
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
  prevRoll: Float64Array;
  /** The margins' slope terms each column was last drawn with (its coverage reads its neighbours). */
  prevUCos: Float64Array;
  prevLCos: Float64Array;
}
/**
 * @param rest the rest face (the frame's pixels, RGBA); @param bare the same without the hood's roll
 * of light (assets/skin.ts paintHoodRoll): the moving skin is taken from it, and the rows above the
 * crease fade to it as the lid closes; @param unrolled the bare face with the lid uncreased, the
 * skin that unrolls out of the fold (face-warp-fold-skin.ts).
 */
export function createFaceWarp(f: EyeFrame, rest: Uint8ClampedArray, bare: Uint8ClampedArray = rest, unrolled: Uint8ClampedArray = bare): FaceWarp {
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
  const transposed = (from: Uint8ClampedArray): Uint32Array => {
    const out = new Uint32Array(w * hs);
    const from32 = new Uint32Array(from.buffer, from.byteOffset, from.length >> 2);
    for (let y = 0; y < hs; y++) {
      // Above the frame the top row repeats (only a frame cut very tight reaches it).
      const fy = Math.max(0, box.y + y - srcTop);
      for (let x = 0; x < w; x++) out[x * hs + y] = from32[fy * f.widthPx + box.x + x];
    }
    return out;
  };
  const hood = transposed(rest);
  const hoodBare = bare === rest ? hood : transposed(bare);
  const src = hoodBare.slice();
  const unrolledT = unrolled === bare ? null : transposed(unrolled);
  writeFoldSkin(src, unrolledT ?? src, w, hs, srcTop, box, f);
  const f64 = () => new Float64Array(w);
  const nan = () => new Float64Array(w).fill(Number.NaN);
  const wp: FaceWarp = {
    box,
    img,
    src,
    // Below each column's crease, filled once the creases are known (below).
    srcSmooth: unrolledT ? src.slice() : src,
    srcTop,
    hood,
    hoodBare,
    rollTop: new Int32Array(w),
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
    prevRoll: nan(),
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
    let rollTop = Math.max(0, Math.floor(cy) - 1);
    for (let y = 0; y < rollTop; y++) {
      if (hood[x * hs + srcTop + y] !== hoodBare[x * hs + srcTop + y]) {
        rollTop = y;
        break;
      }
    }
    wp.rollTop[x] = rollTop;
    wp.rowTop[x] = Math.max(0, Math.floor(cy) - 1);
    const bottomY = inF ? wp.anchorY[x] : cy + FOLD_EXTENT_MM * f.pxPerMm;
    wp.rowBottom[x] = Math.min(h - 2, Math.ceil(bottomY) + 1);
    if (unrolledT) {
      const from = srcTop + Math.max(0, Math.floor(cy));
      wp.srcSmooth.set(unrolledT.subarray(x * hs + from, (x + 1) * hs), x * hs + from);
    }
  }
  return wp;
}
