import { lumaOf, pxFor, type RgbaFrame } from './rgba-frame.ts';

/**
 * How much hair-like texture each row holds: the mean relative horizontal luma gradient (|∂L/∂x|,
 * divided by the strip's local brightness) minus the same for the frame's bottom rows in the same
 * strip, which are always cheek skin under the same medium; the row's value is its strongest strip
 * (`strips` > 1: a brow's tail in one corner is not averaged away by the rest of the row).
 * Hair is dark strokes on skin, stepping by tens of percent across each hair; skin steps by a few
 * percent. Only the horizontal gradient: scanlines (1970, 1991) are rows, whose phase against the
 * cheek's few rows would not cancel; a medium's columns (a grille, a grid) are the same in every row. Dividing by the local brightness makes a vignette or a screen's glow (smooth,
 * multiplicative) drop out; subtracting the cheek makes a medium's own fine texture (scanlines, a
 * grille, webcam grain: the same over the whole frame) drop out.
 */
export function hairRows(frame: RgbaFrame, pxPerMm: number, strips = 1): Float32Array {
  const STRIPS = strips;
  const { width: w, height: h } = frame;
  const L = lumaOf(frame);
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
        sum += Math.abs(L[i + 1] - L[i]);
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
