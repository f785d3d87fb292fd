import { lumaOf, pxFor, type RgbaFrame } from './rgba-frame.ts';

/**
 * How much hair-like texture each row holds: the mean relative luma gradient (|∂L/∂x| + |∂L/∂y|,
 * divided by the row's local brightness) minus the same for the frame's bottom rows, which are
 * always cheek skin under the same medium. Hair is dark strokes on skin, edges in every direction at
 * tens of percent; skin steps by a few percent. Dividing by the local brightness makes a vignette or
 * a screen's glow (smooth, multiplicative) drop out; subtracting the cheek makes a medium's own fine
 * texture (scanlines, a grille, webcam grain: the same over the whole frame) drop out.
 */
export function hairRows(frame: RgbaFrame, pxPerMm: number): Float32Array {
  const { width: w, height: h } = frame;
  const L = lumaOf(frame);
  const energy = new Float32Array(h);
  for (let y = 0; y < h - 1; y++) {
    let sum = 0;
    let rowMean = 0;
    for (let x = 0; x < w; x++) rowMean += L[y * w + x];
    rowMean = rowMean / w + 8; // + 8 levels: a black frame does not divide by zero
    for (let x = 0; x < w - 1; x++) {
      const i = y * w + x;
      sum += Math.abs(L[i + 1] - L[i]) + Math.abs(L[i + w] - L[i]);
    }
    energy[y] = sum / (w - 1) / rowMean;
  }
  energy[h - 1] = energy[Math.max(0, h - 2)];
  const band = pxFor(0.5, pxPerMm);
  let cheek = 0;
  for (let y = h - 1 - band; y < h - 1; y++) cheek += energy[y];
  cheek /= band;
  for (let y = 0; y < h; y++) energy[y] -= cheek;
  return energy;
}
