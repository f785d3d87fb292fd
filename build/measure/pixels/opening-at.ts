import { MASK_BROW, MASK_IRIS, MASK_LASH, MASK_PUPIL, MASK_SCLERA, MASK_SKIN } from '../../render/mask-colors.ts';
import { coverageOf } from './mask-coverage.ts';

/**
 * The palpebral opening (px) at a continuous column position of a mask frame, read where each lid
 * margin is actually seen.
 *
 * Lashes lie over the margins: their roots over the edge of the opening, and, as a lid closes, the
 * upper lashes hang across the slit. A column read straight through them sees lash where the opening
 * is. So each margin is also located where the opening meets skin directly (no lash in the few
 * rows around the edge), in the columns within ±1, ±2 and ±3 mm of the asked one, to a fraction of a
 * pixel from the antialiased coverage; a straight line through those edge points gives the margin at
 * the asked column (the margins bend by < 0.03 mm over ±1 mm, more further out). Beside these, the
 * column read straight through (lashes across the opening bridged). No opening pixel: shut, 0.
 */
export function openingAtPx(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number, xPxValue: number, pxPerMm: number): number {
  // Every way of reading it can only come out short (lashes hide the opening, never widen it, and a
  // line through the margin on either side of the column passes inside its curve), so the widest
  // reading is the best.
  let best = readThrough(rgba, widthPx, heightPx, xPxValue);
  for (const halfMm of WINDOWS_MM) {
    const half = Math.max(2, Math.round(halfMm * pxPerMm));
    const c0 = Math.floor(xPxValue);
    const tops: number[] = [];
    const bottoms: number[] = [];
    for (let c = Math.max(0, c0 - half); c <= Math.min(widthPx - 1, c0 + half); c++) {
      const e = columnEdges(rgba, widthPx, heightPx, c);
      if (!e) continue;
      if (Number.isFinite(e.topPx)) tops.push(c + 0.5, e.topPx);
      if (Number.isFinite(e.bottomPx)) bottoms.push(c + 0.5, e.bottomPx);
    }
    const top = lineAt(tops, xPxValue, half);
    const bottom = lineAt(bottoms, xPxValue, half);
    if (Number.isFinite(top) && Number.isFinite(bottom)) best = Math.max(best, bottom - top);
  }
  return best;
}

const WINDOWS_MM = [1, 2, 3];
/** Rows each side of an edge whose coverage is summed. */
const EDGE_PX = 3;
/** Edge points a margin needs in the window, and how far apart (as a fraction of the window) they must spread. */
const MIN_POINTS = 3;
const MIN_SPREAD = 0.25;

const EYE = [MASK_PUPIL, MASK_IRIS, MASK_SCLERA] as const;
const LID = [MASK_SKIN, MASK_LASH, MASK_BROW] as const;

/**
 * Any lash in the pixel: blue beyond what sclera explains (sclera adds red, green and blue alike, skin
 * red, iris green, so only a lash leaves blue above the smaller of red and green). A margin pixel
 * where the globe's clip meets the opening's antialiased edge blends three classes (iris, sclera,
 * skin), and is not lash.
 */
function hasLash(rgba: Uint8ClampedArray | Uint8Array, i: number): boolean {
  return rgba[i + 2] - Math.min(rgba[i], rgba[i + 1]) > 12;
}

interface ColumnRun {
  top: number;
  bottom: number;
  lash: Uint8Array;
  /** The opening's antialiased coverage of a row (computed only near the run's ends, where it is read). */
  cov(y: number): number;
}

/** Nearest mask colour is an opening class: the colours are cube corners, so each channel is halved. */
function isOpening(r: number, g: number, b: number): boolean {
  const code = (r >= 128 ? 4 : 0) | (g >= 128 ? 2 : 0) | (b >= 128 ? 1 : 0);
  return code === 0 || code === 2 || code === 7;
}

/** A column's opening: its longest run of opening pixels, lashes lying across it bridged; null when none. */
function columnRun(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number, col: number): ColumnRun | null {
  const eye = new Uint8Array(heightPx);
  const lash = new Uint8Array(heightPx);
  let any = false;
  for (let y = 0; y < heightPx; y++) {
    const i = (y * widthPx + col) * 4;
    eye[y] = isOpening(rgba[i], rgba[i + 1], rgba[i + 2]) ? 1 : 0;
    lash[y] = hasLash(rgba, i) ? 1 : 0;
    if (eye[y]) any = true;
  }
  if (!any) return null;
  let best: { top: number; bottom: number } | null = null;
  let y = 0;
  while (y < heightPx) {
    if (!eye[y]) {
      y++;
      continue;
    }
    const top = y;
    let bottom = y;
    let k = y + 1;
    for (;;) {
      while (k < heightPx && eye[k]) bottom = k++;
      // A run of lash pixels with opening on both sides is a lash across the opening, not its edge.
      let j = k;
      while (j < heightPx && lash[j] && !eye[j]) j++;
      if (j > k && j < heightPx && eye[j]) {
        k = j;
        continue;
      }
      break;
    }
    if (!best || bottom - top > best.bottom - best.top) best = { top, bottom };
    y = k;
  }
  if (!best) return null;
  const cov = (row: number) => {
    const i = (row * widthPx + col) * 4;
    return coverageOf(rgba[i], rgba[i + 1], rgba[i + 2], EYE, LID);
  };
  return { ...best, lash, cov };
}

/**
 * Where the opening's top and bottom edges meet skin directly in one column (px, sub-pixel), NaN for
 * an edge with lash about it or too near the frame's edge; null when the column shows no opening.
 */
function columnEdges(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number, col: number): { topPx: number; bottomPx: number } | null {
  const run = columnRun(rgba, widthPx, heightPx, col);
  if (!run) return null;
  const clean = (from: number, to: number) => {
    if (from < 0 || to >= heightPx) return false;
    for (let k = from; k <= to; k++) if (run.lash[k]) return false;
    return true;
  };
  const sum = (from: number, to: number) => {
    let s = 0;
    for (let k = from; k <= to; k++) s += run.cov(k);
    return s;
  };
  const long = run.bottom - run.top >= 2 * EDGE_PX;
  // Opening below the top edge: Σ coverage over [a, b] = (b + 1) − edge; above the bottom edge: edge − a.
  const ta = run.top - EDGE_PX;
  const tb = run.top + EDGE_PX - 1;
  const ba = run.bottom - EDGE_PX + 1;
  const bb = run.bottom + EDGE_PX;
  const topPx = long && clean(ta, tb) ? tb + 1 - sum(ta, tb) : NaN;
  const bottomPx = long && clean(ba, bb) ? ba + sum(ba, bb) : NaN;
  return { topPx, bottomPx };
}

/** Least-squares line through (x, y) pairs, evaluated at x; NaN with too few or too bunched points. */
function lineAt(xy: number[], x: number, halfPx: number): number {
  const n = xy.length / 2;
  if (n < MIN_POINTS) return NaN;
  let mx = 0;
  let my = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < n; k++) {
    mx += xy[2 * k];
    my += xy[2 * k + 1];
    lo = Math.min(lo, xy[2 * k]);
    hi = Math.max(hi, xy[2 * k]);
  }
  mx /= n;
  my /= n;
  if (hi - lo < MIN_SPREAD * 2 * halfPx) return NaN;
  let sxx = 0;
  let sxy = 0;
  for (let k = 0; k < n; k++) {
    const dx = xy[2 * k] - mx;
    sxx += dx * dx;
    sxy += dx * (xy[2 * k + 1] - my);
  }
  return my + (sxx > 0 ? sxy / sxx : 0) * (x - mx);
}

/** The column read straight through (lashes across the opening counted as opening), interpolated between the two nearest columns. */
function readThrough(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number, xPxValue: number): number {
  const c = xPxValue - 0.5;
  const c0 = Math.floor(c);
  const t = c - c0;
  const at = (col: number) => {
    if (col < 0 || col >= widthPx) return 0;
    const run = columnRun(rgba, widthPx, heightPx, col);
    if (!run) return 0;
    let s = 0;
    for (let k = Math.max(0, run.top - EDGE_PX); k <= Math.min(heightPx - 1, run.bottom + EDGE_PX); k++) {
      const inside = k >= run.top && k <= run.bottom;
      // Inside the run, only the rows near its ends can be partly covered.
      s += inside && (run.lash[k] || (k > run.top + EDGE_PX && k < run.bottom - EDGE_PX)) ? 1 : run.cov(k);
    }
    return s;
  };
  return t === 0 ? at(c0) : (1 - t) * at(c0) + t * at(c0 + 1);
}
