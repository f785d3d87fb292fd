/**
 * Mean of `values` over the (2r+1)² square around each pixel, counting only pixels where `weight`
 * is 1 (normalised convolution): near the edge of a region, nothing from outside it leaks in.
 * Pixels with fewer than `minCount` weighted neighbours (at least one) get NaN: a mean of a handful of
 * pixels is their grain, not the area's. Summed-area tables, so the cost does not grow with r.
 */
export function maskedBoxMean(values: Float32Array, weight: Uint8Array, w: number, h: number, r: number, minCount = 1): Float32Array {
  const W = w + 1;
  const sv = new Float64Array(W * (h + 1));
  const sw = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let rowV = 0;
    let rowW = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (weight[i]) {
        rowV += values[i];
        rowW += 1;
      }
      sv[(y + 1) * W + x + 1] = sv[y * W + x + 1] + rowV;
      sw[(y + 1) * W + x + 1] = sw[y * W + x + 1] + rowW;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(w, x + r + 1);
      const n = sw[yb * W + xb] - sw[ya * W + xb] - sw[yb * W + xa] + sw[ya * W + xa];
      out[y * w + x] = n < Math.max(1, minCount) ? Number.NaN : (sv[yb * W + xb] - sv[ya * W + xb] - sv[yb * W + xa] + sv[ya * W + xa]) / n;
    }
  }
  return out;
}
