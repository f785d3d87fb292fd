import { PICTURE_LIMITS } from './picture-limits.ts';
import { lumaOf, pxFor, type RgbaFrame } from './rgba-frame.ts';

/** The longest straight vertical edge in a frame: where it is and how long, in px and mm. */
export interface VerticalEdge {
  /** Mean sub-pixel x of the edge (pixel c spans [c, c+1]). */
  xPx: number;
  /** First and last row of the run (inclusive). */
  y0Px: number;
  y1Px: number;
  lengthPx: number;
  lengthMm: number;
  /** Mean luma step across the edge (right minus left), levels. */
  stepLevels: number;
}

export interface VerticalEdgeOptions {
  stepLevels?: number;
  bandPx?: number;
  gapRows?: number;
}

interface Chain {
  sign: number;
  minX: number;
  maxX: number;
  sumX: number;
  sumStep: number;
  n: number;
  y0: number;
  yLast: number;
}

/**
 * The longest straight vertical edge: a run of rows in which a strong horizontal luma step stays in
 * one place (its sub-pixel column wanders less than `bandPx`), a few skipped rows allowed.
 *
 * The step across the boundary between columns x and x+1 is the mean luma of the k pixels to its
 * right minus that of the k to its left, k ≈ 0.2 mm: a hard edge keeps its whole contrast, a soft
 * gradient loses it in proportion to its width, and a medium's fine periodic texture (an aperture
 * grille, an LCD grid, 2–6 px apart: a screen, not a shape) averages away. Each row's steps are
 * thinned to their local peaks, located to a tenth of a pixel (where the luma crosses halfway), and linked down the frame. A ruler-straight edge stays put to a tenth of a pixel; an honest curve (a
 * pupil, an iris seen at an angle, a lash) leaves a half-pixel band within about a millimetre.
 */
export function verticalEdges(frame: RgbaFrame, pxPerMm: number, o: VerticalEdgeOptions = {}): VerticalEdge | null {
  return longestVerticalEdge(lumaOf(frame), frame.width, frame.height, pxPerMm, o);
}

/** verticalEdges on a luma plane already computed. */
export function longestVerticalEdge(luma: Float32Array, w: number, h: number, pxPerMm: number, o: VerticalEdgeOptions = {}): VerticalEdge | null {
  return verticalEdgeRuns(luma, w, h, pxPerMm, o, 1)[0] ?? null;
}

/** Every straight vertical run at least `minLengthPx` long, longest first. */
export function verticalEdgeRuns(luma: Float32Array, w: number, h: number, pxPerMm: number, o: VerticalEdgeOptions = {}, minLengthPx = 1): VerticalEdge[] {
  const threshold = o.stepLevels ?? PICTURE_LIMITS.edgeStepLevels;
  const band = o.bandPx ?? PICTURE_LIMITS.edgeBandPx;
  const gap = o.gapRows ?? PICTURE_LIMITS.edgeGapRows;
  const k = pxFor(0.2, pxPerMm);
  // Each row is read as the mean of 5 rows around it: a vertical edge is the same in each, so it
  // keeps its step while the skin's grain (which would move the located column by tenths of a
  // pixel) drops by √5. step[b]: the boundary between columns b and b+1, at x = b + 1.
  const v = new Float32Array(w);
  const step = new Float32Array(w);
  const prefix = new Float64Array(w + 1);
  let active: Chain[] = [];
  const runs: Chain[] = [];
  let best: Chain | null = null;
  const finish = (c: Chain) => {
    if (minLengthPx <= 1) {
      // Only the longest is wanted: keep one, not the thousands of grain-length runs.
      if (!best || c.yLast - c.y0 > best.yLast - best.y0) best = c;
    } else if (c.yLast - c.y0 + 1 >= minLengthPx) runs.push(c);
  };
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - 2);
    const yb = Math.min(h - 1, y + 2);
    v.fill(0);
    for (let yy = ya; yy <= yb; yy++) for (let x = 0; x < w; x++) v[x] += luma[yy * w + x];
    for (let x = 0; x < w; x++) v[x] /= yb - ya + 1;
    for (let x = 0; x < w; x++) prefix[x + 1] = prefix[x] + v[x];
    step.fill(0);
    for (let b = k - 1; b <= w - k - 1; b++) step[b] = (prefix[b + 1 + k] - prefix[b + 1] - (prefix[b + 1] - prefix[b + 1 - k])) / k;
    // Chains by rounded column, so each peak looks only at its neighbours.
    const byColumn = new Map<number, Chain[]>();
    for (const c of active) {
      const key = Math.round((c.minX + c.maxX) / 2);
      const list = byColumn.get(key);
      if (list) list.push(c);
      else byColumn.set(key, [c]);
    }
    for (let b = k; b < w - k - 1; b++) {
      const a = Math.abs(step[b]);
      if (a < threshold || a < Math.abs(step[b - 1]) || a <= Math.abs(step[b + 1])) continue;
      // Where exactly: the luma crosses halfway between the two sides' means (linear between pixel
      // centres), to a tenth of a pixel on an antialiased edge; the nearest crossing to the boundary.
      const mid = (prefix[b + 1 + k] - prefix[b + 1] + prefix[b + 1] - prefix[b + 1 - k]) / (2 * k);
      let x = b + 1;
      let nearest = Infinity;
      for (let c = b - 1; c <= b + 1; c++) {
        const d0 = v[c] - mid;
        const d1 = v[c + 1] - mid;
        if (d0 === d1 || Math.sign(d0) === Math.sign(d1)) continue;
        const at = c + 0.5 + d0 / (d0 - d1);
        if (Math.abs(at - (b + 1)) < nearest) [x, nearest] = [at, Math.abs(at - (b + 1))];
      }
      const sign = Math.sign(step[b]);
      let into: Chain | null = null;
      for (let key = Math.round(x) - 1; key <= Math.round(x) + 1; key++) {
        for (const c of byColumn.get(key) ?? []) {
          if (c.sign !== sign || c.yLast === y) continue;
          if (Math.max(c.maxX, x) - Math.min(c.minX, x) > band) continue;
          if (!into || c.yLast - c.y0 > into.yLast - into.y0) into = c;
        }
      }
      if (into) {
        into.minX = Math.min(into.minX, x);
        into.maxX = Math.max(into.maxX, x);
        into.sumX += x;
        into.sumStep += step[b];
        into.n++;
        into.yLast = y;
      } else {
        active.push({ sign, minX: x, maxX: x, sumX: x, sumStep: step[b], n: 1, y0: y, yLast: y });
      }
    }
    const still: Chain[] = [];
    for (const c of active) {
      if (y - c.yLast > gap) finish(c);
      else still.push(c);
    }
    active = still;
  }
  for (const c of active) finish(c);
  const found = best as Chain | null;
  if (found) runs.push(found);
  return runs
    .map((c) => {
      const lengthPx = c.yLast - c.y0 + 1;
      return { xPx: c.sumX / c.n, y0Px: c.y0, y1Px: c.yLast, lengthPx, lengthMm: lengthPx / pxPerMm, stepLevels: c.sumStep / c.n };
    })
    .sort((p, q) => q.lengthPx - p.lengthPx);
}
