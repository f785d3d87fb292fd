/**
 * Planes of a painted patch, for the picture tests that measure texture (skin, skin texture): the
 * patch as a page hands it back, its luma relative to its mean, and box means over k×k px.
 */

/** A patch of the painted canvas: w×h px, RGBA bytes row by row. */
export interface Patch {
  w: number;
  h: number;
  rgba: number[];
}

/**
 * Box mean of a plane over k×k px (clamped at the edges: the mean over the part of the box inside
 * the plane). Separable, a row pass then a column pass: the number of columns inside the box does
 * not depend on the row, so this is the same mean as summing the k×k box directly.
 */
export function box(p: Float64Array, w: number, h: number, k: number): Float64Array {
  const r = Math.floor(k / 2);
  const tmp = new Float64Array(p.length);
  const out = new Float64Array(p.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let d = -r; d <= r; d++) {
        const xx = x + d;
        if (xx >= 0 && xx < w) {
          s += p[y * w + xx];
          n++;
        }
      }
      tmp[y * w + x] = s / n;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let d = -r; d <= r; d++) {
        const yy = y + d;
        if (yy >= 0 && yy < h) {
          s += tmp[yy * w + x];
          n++;
        }
      }
      out[y * w + x] = s / n;
    }
  }
  return out;
}

/** Rec. 709 luma of a patch, relative to the patch's mean. */
export function luma(p: Patch): Float64Array {
  const l = new Float64Array(p.w * p.h);
  let mean = 0;
  for (let i = 0; i < l.length; i++) {
    l[i] = 0.2126 * p.rgba[4 * i] + 0.7152 * p.rgba[4 * i + 1] + 0.0722 * p.rgba[4 * i + 2];
    mean += l[i] / l.length;
  }
  for (let i = 0; i < l.length; i++) l[i] /= mean;
  return l;
}
