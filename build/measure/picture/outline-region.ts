import { MASK_BROW } from '../../render/mask-contract.ts';
import { maskClasses, maskHasClass } from './mask-classes.ts';
import { PICTURE_LIMITS } from './picture-limits.ts';
import { pxFor, type RgbaFrame } from './rgba-frame.ts';

/** Grow a set of pixels by a square of radius r (px): separable max, two passes. */
export function dilate(on: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    // Two sweeps per row: nearest set pixel to the left and to the right within r.
    let last = -Infinity;
    for (let x = 0; x < w; x++) {
      if (on[y * w + x]) last = x;
      if (x - last <= r) tmp[y * w + x] = 1;
    }
    last = Infinity;
    for (let x = w - 1; x >= 0; x--) {
      if (on[y * w + x]) last = x;
      if (last - x <= r) tmp[y * w + x] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    let last = -Infinity;
    for (let y = 0; y < h; y++) {
      if (tmp[y * w + x]) last = y;
      if (y - last <= r) out[y * w + x] = 1;
    }
    last = Infinity;
    for (let y = h - 1; y >= 0; y--) {
      if (tmp[y * w + x]) last = y;
      if (last - y <= r) out[y * w + x] = 1;
    }
  }
  return out;
}

export interface OutlineRegion {
  /** 1 where the skin must hold still through a blink: outside the eye's outline, not brow. */
  outside: Uint8Array;
  /** Pixels in it, and the opening's extent (px) it was grown from; null when the eye is shut. */
  pixels: number;
  opening: { x0: number; x1: number; y0: number; y1: number } | null;
  /** Whether the mask had a brow class to exclude (today's four-colour mask does not). */
  browFromMask: boolean;
}

/**
 * The skin outside the eye's outline, from the mask pass of an open frame. The opening is every
 * pixel that is not skin (sclera, iris, pupil) and not brow; lashes ride the margins, so they count
 * as opening too. It is grown to cover what a blink moves:
 * - up to the crease and past it: `aboveOpeningMm` (8 mm) above the opening, column by column (the
 *   crease is ~6.5 mm above the upper margin, eye.md §0; the hood and brow above it stay put, §5);
 * - `belowOpeningMm` (1 mm) below the lower margin (the lower lid rises a little);
 * - `beyondCanthusMm` (1 mm) beyond each canthus (the corners' own skin folds).
 * The grown box at each column spans the opening's rows over the columns within 1 mm, so the canthi
 * get the same cover as the nearest open column. The brow (its own motion, not a blink's) is cut out
 * grown by `browMarginMm`; when the mask has no brow class, `browRows` (rows from the top that hold
 * hair, found from the colour frame) is cut out instead.
 */
export function outlineRegion(mask: RgbaFrame, pxPerMm: number, browRows = 0): OutlineRegion {
  const { width: w, height: h } = mask;
  const cls = maskClasses(mask);
  const up = pxFor(PICTURE_LIMITS.aboveOpeningMm, pxPerMm);
  const down = pxFor(PICTURE_LIMITS.belowOpeningMm, pxPerMm);
  const side = pxFor(PICTURE_LIMITS.beyondCanthusMm, pxPerMm);
  const top = new Int32Array(w).fill(h);
  const bottom = new Int32Array(w).fill(-1);
  const brow = new Uint8Array(w * h);
  const browFromMask = maskHasClass(mask, MASK_BROW);
  let x0 = w;
  let x1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = cls[y * w + x];
      if (c === 'brow' && browFromMask) {
        brow[y * w + x] = 1;
      } else if (c !== 'skin' && c !== 'brow') {
        if (y < top[x]) top[x] = y;
        if (y > bottom[x]) bottom[x] = y;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
      }
    }
  }
  const outside = new Uint8Array(w * h).fill(1);
  let y0 = h;
  let y1 = -1;
  for (let x = 0; x < w; x++) {
    let t = h;
    let b = -1;
    for (let xx = Math.max(0, x - side); xx <= Math.min(w - 1, x + side); xx++) {
      if (bottom[xx] < 0) continue;
      t = Math.min(t, top[xx]);
      b = Math.max(b, bottom[xx]);
    }
    if (b < 0) continue;
    y0 = Math.min(y0, t);
    y1 = Math.max(y1, b);
    for (let y = Math.max(0, t - up); y <= Math.min(h - 1, b + down); y++) outside[y * w + x] = 0;
  }
  const browOut = browFromMask ? dilate(brow, w, h, pxFor(PICTURE_LIMITS.browMarginMm, pxPerMm)) : null;
  const browRowsOut = browFromMask ? 0 : Math.min(h, browRows);
  let pixels = 0;
  for (let i = 0; i < w * h; i++) {
    if (browOut?.[i] || i < browRowsOut * w) outside[i] = 0;
    pixels += outside[i];
  }
  return { outside, pixels, opening: x1 < 0 ? null : { x0, x1, y0, y1 }, browFromMask };
}

/**
 * The region of a blink frame: the open frame's, less wherever the brow is in this frame (it may
 * have come down into the region on its own during the blink) and wherever its lashes are. From this
 * frame's mask when it has a brow class (grown by the brow and lash margins), else the rows from the
 * top the colour frame's hair covers.
 */
export function withoutBrowNow(outside: Uint8Array, w: number, h: number, pxPerMm: number, now: { mask: RgbaFrame | null; browRows: number }): Uint8Array {
  const out = new Uint8Array(outside);
  if (now.mask && maskHasClass(now.mask, MASK_BROW)) {
    const cls = maskClasses(now.mask);
    const brow = new Uint8Array(w * h);
    const lash = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) {
      if (cls[i] === 'brow') brow[i] = 1;
      else if (cls[i] === 'lash') lash[i] = 1;
    }
    const grown = dilate(brow, w, h, pxFor(PICTURE_LIMITS.browMarginMm, pxPerMm));
    // The lashes ride the lid: a shut upper lid's lashes hang over the skin below the lower lid (most
    // in 2009's down-gaze), and that is the lid moving, not the skin.
    const lashes = dilate(lash, w, h, pxFor(PICTURE_LIMITS.lashMarginMm, pxPerMm));
    for (let i = 0; i < w * h; i++) if (grown[i] || lashes[i]) out[i] = 0;
  } else {
    out.fill(0, 0, Math.min(h, now.browRows) * w);
  }
  return out;
}
