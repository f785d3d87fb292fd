/** One frame's pixels as read losslessly from the canvas: RGBA, row-major, 8 bits a channel. */
export interface RgbaFrame {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** BT.709 luma (0–255) of every pixel: the one brightness every picture check compares. */
export function lumaOf(f: RgbaFrame): Float32Array {
  const n = f.width * f.height;
  if (f.data.length < n * 4) throw new Error(`frame ${f.width}x${f.height} needs ${n * 4} bytes of RGBA, got ${f.data.length}`);
  const out = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = 0.2126 * f.data[j] + 0.7152 * f.data[j + 1] + 0.0722 * f.data[j + 2];
  return out;
}

/** Pixels needed to cover `mm` on the face at this scale, at least one. */
export function pxFor(mm: number, pxPerMm: number): number {
  return Math.max(1, Math.round(mm * pxPerMm));
}
