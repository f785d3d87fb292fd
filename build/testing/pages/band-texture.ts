import { classifyMaskPixel } from '../../render/mask-colors.ts';
import { PAGE_SIZE, boxBlur } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

/** Per pixel, whether the mask says `name` there and at every pixel within `erodePx` (a square). */
export function maskRegion(m: Uint8ClampedArray, name: string, erodePx: number): Uint8Array {
  const raw = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) raw[i] = classifyMaskPixel(m[4 * i], m[4 * i + 1], m[4 * i + 2]).name === name ? 1 : 0;
  const out = new Uint8Array(W * H);
  for (let y = erodePx; y < H - erodePx; y++) {
    for (let x = erodePx; x < W - erodePx; x++) {
      let all = 1;
      for (let k = -erodePx; k <= erodePx && all; k++) all = raw[y * W + x + k] & raw[(y + k) * W + x];
      out[y * W + x] = all;
    }
  }
  return out;
}

/**
 * A region's texture at 0.1–0.3 mm: a band-pass of the colour frame (a 0.05 mm box blur less a
 * 0.15 mm one, so broad shading and single-pixel noise are both left out), of luma and of redness
 * (R − G), inside `inside`. The region is cut into 0.3 mm tiles and each tile's RMS taken (a tile
 * counts when over half of it is inside); the median tile says whether the whole region is textured
 * (a smooth surface with a few painted dots or glints has most tiles flat).
 */
export function bandTexture(c: Uint8ClampedArray, inside: Uint8Array, pxPerMm: number): { pixels: number; tiles: number; lumaMedian: number; redMedian: number } {
  const luma = new Float32Array(W * H);
  const red = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) {
    luma[i] = 0.2126 * c[4 * i] + 0.7152 * c[4 * i + 1] + 0.0722 * c[4 * i + 2];
    red[i] = c[4 * i] - c[4 * i + 1];
  }
  const band = (v: Float32Array): Float32Array => {
    const a = boxBlur(v, Math.max(1, Math.round(0.05 * pxPerMm)));
    const b = boxBlur(v, Math.round(0.15 * pxPerMm));
    return a.map((x, i) => x - b[i]);
  };
  const bl = band(luma);
  const br = band(red);
  const tile = Math.round(0.3 * pxPerMm);
  const tiles: { l: number; r: number }[] = [];
  let pixels = 0;
  for (let ty = 0; ty + tile <= H; ty += tile) {
    for (let tx = 0; tx + tile <= W; tx += tile) {
      let n = 0, sl = 0, sr = 0;
      for (let y = ty; y < ty + tile; y++) for (let x = tx; x < tx + tile; x++) {
        const i = y * W + x;
        if (!inside[i]) continue;
        n++;
        sl += bl[i] * bl[i];
        sr += br[i] * br[i];
      }
      pixels += n;
      if (n >= (tile * tile) / 2) tiles.push({ l: Math.sqrt(sl / n), r: Math.sqrt(sr / n) });
    }
  }
  const median = (v: number[]): number => v.sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  return { pixels, tiles: tiles.length, lumaMedian: median(tiles.map((t) => t.l)), redMedian: median(tiles.map((t) => t.r)) };
}
