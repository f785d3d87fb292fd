import { lidMicroRelief } from '../assets/lid-micro.ts';
import { creaseMm } from '../geometry/crease.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yPx } from '../geometry/eye-frame.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';

/**
 * The skin that lay in the fold, written into the source rows above each column's crease (src rows
 * 0 … crease). It is lid skin: the column's own rest lid, read back and forth between its crease and
 * rest margin (never its lashes' line: a band off the margin), so it has the lid's wrinkles and pores,
 * not a copy of the skin beside it. Each pixel keeps its texture and takes the light of the hood just
 * above the crease (the ratio of the smoothed colours over 0.5 mm), so a shut lid's skin meets the hood
 * at the crease without a step, and it fades in over the first millimetre from the hood's own skin,
 * which the rest lid already fades into there, so the rest crease's point on a shut lid shows no seam.
 * `src` is the face without the hood's roll of light (that belongs to the open eye). (A donor column
 * 4 mm toward the middle, lit like the lid under the crease, changed sides at the globe's column: a
 * vertical seam down the middle of a shut lid, under a 12-level step at the crease.)
 */
/**
 * How much of the lid's own texture (its colour over its 0.5 mm mean) the fold's skin keeps. Read back
 * and forth, the lid's fine lines and pale flecks come out as mirrored pairs; at full strength a lowered
 * lid (2009's phone, all film long) showed them as pale blotches in a band like faint lettering.
 */
const FOLD_TEXTURE = 0.45;
/** `lidFrom`: the transposed picture the unrolled lid skin is read from (`src` itself, or the face with its lid's creases faint). */
export function writeFoldSkin(src: Uint32Array, lidFrom: Uint32Array, w: number, hs: number, srcTop: number, box: BoundsPx, f: EyeFrame): void {
  const rad = Math.max(1, Math.round(0.5 * f.pxPerMm));
  const smooth = boxSmoothed(src, w, hs, rad);
  const smoothLid = lidFrom === src ? smooth : boxSmoothed(lidFrom, w, hs, rad);
  const rm = restLidMargins();
  const creaseS = (x: number) => yPx(f, creaseMm(xMmOf(f, box.x + x + 0.5))) - box.y + srcTop;
  const marginS = (x: number) => yPx(f, rm.upperMm(xMmOf(f, box.x + x + 0.5))) - box.y + srcTop;
  const fadePx = f.pxPerMm;
  const orig = src.slice();
  const lidPx = lidFrom === src ? orig : acrossSoftened(lidFrom, w, hs);
  for (let x = 0; x < w; x++) {
    const xm = xMmOf(f, box.x + x + 0.5);
    if (xm <= rm.xLateralMm || xm >= rm.xMedialMm) continue;
    const cy = creaseS(x);
    const top = Math.ceil(cy - 0.5);
    if (top <= 0) continue;
    // The column's own lid, from the crease to 0.6 mm short of the margin.
    const xd = x;
    const d0 = Math.ceil(creaseS(xd)) + 1;
    const span = Math.max(2, Math.floor(marginS(xd) - 0.6 * f.pxPerMm) - d0);
    // The hood's light just above the crease (a ±rad box wholly above it).
    const refY = Math.max(0, Math.round(cy) - rad - 1);
    // Every row above the crease (the face as it was stays in `hood` for the rows drawn above it).
    for (let y = 0; y < top; y++) {
      const t = cy - (y + 0.5);
      const m = Math.floor(t) % (2 * span);
      const dy = d0 + (m < span ? m : 2 * span - 1 - m);
      const p = lidPx[xd * hs + dy];
      const h = orig[x * hs + y];
      const wgt = Math.min(1, t / fadePx);
      // The fold's skin is lid skin: the lid's micro-relief runs on into it (read back and forth at FOLD_TEXTURE it is too faint: a smooth band over a textured lid).
      const micro = lidMicroRelief(xm, creaseMm(xm) + t / f.pxPerMm);
      let out = 0xff000000;
      for (let c = 0; c < 3; c++) {
        const ref = smooth[(x * hs + refY) * 3 + c];
        const sl = Math.max(1, smoothLid[(xd * hs + dy) * 3 + c]);
        const lid = ref * (1 + FOLD_TEXTURE * (((p >>> (8 * c)) & 255) / sl - 1)) * micro;
        const hood = ((h >>> (8 * c)) & 255) * Math.min(1.25, Math.max(0.8, ref / Math.max(1, smooth[(x * hs + y) * 3 + c])));
        const v = Math.round(hood + (lid - hood) * wgt);
        out |= (v > 255 ? 255 : v) << (8 * c);
      }
      src[x * hs + y] = out >>> 0;
    }
  }
}

/** Smoothed colour per column and row of a transposed picture (a ±rad box, every other column), for the light ratios. */
function boxSmoothed(src: Uint32Array, w: number, hs: number, rad: number): Float32Array {
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
  return smooth;
}

/**
 * A transposed picture softened across its columns ([1 2 1] / 4): the skin a shut lid unrolls is
 * stretched along the columns, so one column's feature becomes a streak down the lid; softened, it
 * leaves no step from one column to the next.
 */
function acrossSoftened(src: Uint32Array, w: number, hs: number): Uint32Array {
  const out = new Uint32Array(src.length);
  for (let x = 0; x < w; x++) {
    const a = Math.max(0, x - 1) * hs;
    const b = x * hs;
    const c = Math.min(w - 1, x + 1) * hs;
    for (let y = 0; y < hs; y++) {
      const p = src[a + y];
      const q = src[b + y];
      const r = src[c + y];
      let v = 0xff000000;
      for (let k = 0; k < 24; k += 8) v |= ((((p >>> k) & 255) + 2 * ((q >>> k) & 255) + ((r >>> k) & 255) + 2) >> 2) << k;
      out[b + y] = v >>> 0;
    }
  }
  return out;
}
