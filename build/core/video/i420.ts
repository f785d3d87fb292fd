/** Luma coefficients of ITU-R BT.709 (the films' matrix: `matrix=709` in the films' zscale). */
export const BT709 = { kr: 0.2126, kb: 0.0722 } as const;

/** A bicubic kernel's two parameters (Mitchell–Netravali's B and C; zimg's param_a and param_b). */
export interface Bicubic {
  b: number;
  c: number;
}

/**
 * The kernel the films resample their chroma with: bicubic B=0, C=0.6, swscale's own bicubic (so the
 * films' chroma matched swscale's when they moved to zscale). Its one home: the films' zscale filter
 * string is built from it (ffmpeg-args.ts), and the page's I420 (createI420Converter) uses it.
 */
export const FILM_CHROMA_KERNEL: Bicubic = { b: 0, c: 0.6 };

/** Converts one frame's RGBA into I420 (planar Y, then Cb and Cr at half size each way), reusing its buffers. */
export interface I420Converter {
  /** The I420 frame's length in bytes: width·height·3/2. */
  readonly bytes: number;
  convert(rgba: Uint8Array | Uint8ClampedArray, out: Uint8Array): void;
}

/**
 * BT.709 tv-range 4:2:0 from full-range RGBA, made the way the films' zscale makes it
 * (COLOUR_FILTERS.zscale: `matrix=709:range=tv`, the kernel given, `chromal=center`), so a frame
 * converted here is the frame ffmpeg would have converted: the matrix in floating point at full
 * resolution, then each chroma plane halved in x and then in y by the kernel stretched over twice its
 * width (8 taps, centre-sited between each pair of samples), edges mirrored, and each sample rounded
 * once at the end. Held to ffmpeg's own output, sample by sample, by build/node/ffmpeg/i420-zscale.test.ts.
 * Width and height even. Platform-free: it runs in Node and in the page alike.
 */
export function createI420Converter(width: number, height: number, kernel: Bicubic): I420Converter {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 2 && height >= 2 && width % 2 === 0 && height % 2 === 0)) {
    throw new RangeError(`I420 of ${width}x${height}: expected even integers ≥ 2`);
  }
  const { b: B, c: C } = kernel;
  const cubic = (x: number): number => {
    const a = Math.abs(x);
    if (a < 1) return ((12 - 9 * B - 6 * C) * a ** 3 + (-18 + 12 * B + 6 * C) * a ** 2 + (6 - 2 * B)) / 6;
    if (a < 2) return ((-B - 6 * C) * a ** 3 + (6 * B + 30 * C) * a ** 2 + (-12 * B - 48 * C) * a + (8 * B + 24 * C)) / 6;
    return 0;
  };
  // Taps for the source samples 0, 1, 2, 3 away from the nearer of the output sample's pair, each side.
  const raw = [0.25, 0.75, 1.25, 1.75].map(cubic);
  const norm = 2 * raw.reduce((s, t) => s + t, 0);
  const [w0, w1, w2, w3] = raw.map((t) => t / norm);
  const { kr, kb } = BT709;
  const kg = 1 - kr - kb;
  // Each channel's share of Y (×219) and of Cb, Cr (×224), per 8-bit value: the same float sums as the matrix.
  const table = (f: (v: number) => number) => Float64Array.from({ length: 256 }, (_, v) => f(v / 255));
  const yr = table((v) => 219 * kr * v);
  const yg = table((v) => 219 * kg * v);
  const yb = table((v) => 219 * kb * v);
  const br = table((v) => (224 * -kr * v) / (2 * (1 - kb)));
  const bg = table((v) => (224 * -kg * v) / (2 * (1 - kb)));
  const bb = table((v) => (224 * (1 - kb) * v) / (2 * (1 - kb)));
  const rr = table((v) => (224 * (1 - kr) * v) / (2 * (1 - kr)));
  const rg = table((v) => (224 * -kg * v) / (2 * (1 - kr)));
  const rb = table((v) => (224 * -kb * v) / (2 * (1 - kr)));
  const W = width;
  const H = height;
  const CW = W >> 1;
  const CH = H >> 1;
  const cb = new Float64Array(W * H);
  const cr = new Float64Array(W * H);
  const hb = new Float64Array(CW * H);
  const hr = new Float64Array(CW * H);
  const byte = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.floor(v + 0.5));
  // Past an edge the samples are mirrored about it, the edge sample repeated (zimg's; clamping put 4 of 5 edge samples up to 6 levels off).
  const at = (i: number, n: number) => (i < 0 ? -i - 1 : i >= n ? 2 * n - i - 1 : i);
  return {
    bytes: (W * H * 3) / 2,
    convert(rgba, out) {
      if (rgba.length !== W * H * 4 || out.length !== (W * H * 3) / 2) throw new RangeError(`I420 of ${W}x${H}: expected ${W * H * 4} bytes in and ${(W * H * 3) / 2} out`);
      for (let i = 0, p = 0; i < W * H; i++, p += 4) {
        const r = rgba[p];
        const g = rgba[p + 1];
        const b = rgba[p + 2];
        out[i] = byte(16 + yr[r] + yg[g] + yb[b]);
        cb[i] = br[r] + bg[g] + bb[b];
        cr[i] = rr[r] + rg[g] + rb[b];
      }
      for (let y = 0; y < H; y++) {
        const row = y * W;
        for (let x = 0; x < CW; x++) {
          const l = 2 * x;
          const h = l + 1;
          const i0 = row + l, i1 = row + at(l - 1, W), i2 = row + at(l - 2, W), i3 = row + at(l - 3, W);
          const j0 = row + h, j1 = row + at(h + 1, W), j2 = row + at(h + 2, W), j3 = row + at(h + 3, W);
          hb[y * CW + x] = w0 * (cb[i0] + cb[j0]) + w1 * (cb[i1] + cb[j1]) + w2 * (cb[i2] + cb[j2]) + w3 * (cb[i3] + cb[j3]);
          hr[y * CW + x] = w0 * (cr[i0] + cr[j0]) + w1 * (cr[i1] + cr[j1]) + w2 * (cr[i2] + cr[j2]) + w3 * (cr[i3] + cr[j3]);
        }
      }
      const U = W * H;
      const V = U + CW * CH;
      for (let y = 0; y < CH; y++) {
        const l = 2 * y;
        const h = l + 1;
        const i0 = l * CW, i1 = at(l - 1, H) * CW, i2 = at(l - 2, H) * CW, i3 = at(l - 3, H) * CW;
        const j0 = h * CW, j1 = at(h + 1, H) * CW, j2 = at(h + 2, H) * CW, j3 = at(h + 3, H) * CW;
        for (let x = 0; x < CW; x++) {
          out[U + y * CW + x] = byte(128 + w0 * (hb[i0 + x] + hb[j0 + x]) + w1 * (hb[i1 + x] + hb[j1 + x]) + w2 * (hb[i2 + x] + hb[j2 + x]) + w3 * (hb[i3 + x] + hb[j3 + x]));
          out[V + y * CW + x] = byte(128 + w0 * (hr[i0 + x] + hr[j0 + x]) + w1 * (hr[i1 + x] + hr[j1 + x]) + w2 * (hr[i2 + x] + hr[j2 + x]) + w3 * (hr[i3 + x] + hr[j3 + x]));
        }
      }
    },
  };
}
