/**
 * Spots in a plane of flags, for the pages that count glints (caruncle.page.ts, wet-tissue.page.ts):
 * no canvas or window here, so it is tested in Node (spots.test.ts).
 */

/** One spot: see spotsOf. */
export interface Spot {
  xPx: number;
  yPx: number;
  pixels: number;
  widthPx: number;
  heightPx: number;
  elongation: number;
}

/**
 * The spots of a w-px-wide plane of flags (1 where a pixel counts): its 8-connected components, each
 * as its pixel count, its centroid in px (pixel centres, so a one-pixel spot at (x, y) has its
 * centroid at x + 0.5, y + 0.5), its bounding box's width and height in px (a one-pixel spot's are
 * 1) and its elongation (the square root of the ratio of its pixels' covariance's eigenvalues, each
 * pixel counted as the unit square it is, so 1 for a round or one-pixel spot and about its length for
 * a one-pixel-wide streak), in the order of each spot's first pixel row by row. Neighbours are
 * found by index, so a flag on a plane's first or last column would join the next row's other end:
 * callers flag pixels clear of the edges.
 */
export function spotsOf(flags: Uint8Array, w: number): Spot[] {
  const seen = new Uint8Array(flags.length);
  const spots: Spot[] = [];
  for (let i = 0; i < flags.length; i++) {
    if (!flags[i] || seen[i]) continue;
    const stack = [i];
    seen[i] = 1;
    let sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, n = 0;
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    while (stack.length) {
      const j = stack.pop() as number;
      const x = j % w;
      const y = (j - x) / w;
      sx += x + 0.5;
      sy += y + 0.5;
      sxx += (x + 0.5) ** 2;
      syy += (y + 0.5) ** 2;
      sxy += (x + 0.5) * (y + 0.5);
      n++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const q = j + dy * w + dx;
        if (flags[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    const mx = sx / n;
    const my = sy / n;
    // The covariance of the pixels' centres, plus a unit square's own (1/12 each way).
    const cxx = sxx / n - mx * mx + 1 / 12;
    const cyy = syy / n - my * my + 1 / 12;
    const cxy = sxy / n - mx * my;
    const half = Math.sqrt(((cxx - cyy) / 2) ** 2 + cxy * cxy);
    const mid = (cxx + cyy) / 2;
    spots.push({ xPx: mx, yPx: my, pixels: n, widthPx: x1 - x0 + 1, heightPx: y1 - y0 + 1, elongation: Math.sqrt((mid + half) / (mid - half)) });
  }
  return spots;
}
