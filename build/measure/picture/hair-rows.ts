import { lumaOf, pxFor, type RgbaFrame } from './rgba-frame.ts';

/**
 * How much hair-like texture each row holds: the mean relative horizontal luma step (the difference
 * of the ~0.2 mm box means either side of each column, as in vertical-edges.ts, divided by the
 * strip's brightness) minus the same for the frame's bottom rows in the same strip, which are always
 * cheek skin under the same medium; the row's value is its strongest strip (`strips` > 1: a brow's
 * tail in one corner is not averaged away by the rest of the row).
 * - Hair is dark strokes on skin, stepping by tens of percent; skin by a few.
 * - Horizontal steps only: scanlines (1970, 1991) are rows, whose phase against the cheek's few rows
 *   would not cancel.
 * - Box means: a medium's columns (2000's LCD grid, 1997's grille, 2–6 px apart) would otherwise
 *   swamp the hair's own steps (2000's brow read 0.01 without them, 0.07–0.13 with).
 * - Dividing by the brightness makes a vignette or a screen's glow (smooth, multiplicative) drop
 *   out; subtracting the cheek makes a medium's grain (2003's webcam) drop out.
 */
export function hairRows(frame: RgbaFrame, pxPerMm: number, strips = 1): Float32Array {
  const STRIPS = strips;
  const { width: w, height: h } = frame;
  const L0 = lumaOf(frame);
  // Box-smoothed over k px along each row: a medium's columns (2–6 px apart) average away.
  const k = pxFor(0.2, pxPerMm);
  const L = new Float32Array(L0.length);
  for (let y = 0; y < h; y++) {
    let acc = 0;
    for (let x = 0; x < w; x++) {
      acc += L0[y * w + x];
      if (x >= k) acc -= L0[y * w + x - k];
      L[y * w + x] = acc / Math.min(x + 1, k);
    }
  }
  const stripW = Math.floor(w / STRIPS);
  const energy = new Float32Array(h * STRIPS);
  for (let y = 0; y < h; y++) {
    const yy = Math.min(y, h - 2);
    for (let s = 0; s < STRIPS; s++) {
      const x0 = s * stripW;
      const x1 = s === STRIPS - 1 ? w - 1 : x0 + stripW;
      let sum = 0;
      let mean = 0;
      for (let x = x0; x < x1; x++) {
        const i = yy * w + x;
        mean += L[i];
        sum += x + k < x1 ? Math.abs(L[i + k] - L[i]) : 0;
      }
      // + 8 levels: a black strip does not divide by zero.
      energy[y * STRIPS + s] = sum / (mean + 8 * (x1 - x0));
    }
  }
  const band = pxFor(0.5, pxPerMm);
  const cheek = new Float64Array(STRIPS);
  for (let y = h - band; y < h; y++) for (let s = 0; s < STRIPS; s++) cheek[s] += energy[y * STRIPS + s] / band;
  const out = new Float32Array(h);
  for (let y = 0; y < h; y++) {
    let best = -Infinity;
    for (let s = 0; s < STRIPS; s++) best = Math.max(best, energy[y * STRIPS + s] - cheek[s]);
    out[y] = best;
  }
  return out;
}
