import { MASK_BROW, MASK_CARUNCLE, MASK_COLORS, MASK_LASH, MASK_LID, MASK_OPENING, MASK_PUPIL, MASK_TEAR, classifyMaskPixel, type MaskColor } from '../../render/mask-contract.ts';
import { type Blend, coverageOf, nearestBlend, nearestBlendWith } from './mask-coverage.ts';

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
  // The windows are nested: each column's edges are read once, not once per window.
  const edgesOf = new Map<number, ReturnType<typeof columnEdges>>();
  for (const halfMm of WINDOWS_MM) {
    const half = Math.max(2, Math.round(halfMm * pxPerMm));
    const c0 = Math.floor(xPxValue);
    const tops: number[] = [];
    const bottoms: number[] = [];
    for (let c = Math.max(0, c0 - half); c <= Math.min(widthPx - 1, c0 + half); c++) {
      let e = edgesOf.get(c);
      if (e === undefined) edgesOf.set(c, (e = columnEdges(rgba, widthPx, heightPx, c)));
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

/**
 * The opening is every class seen between the lids (mask-colors.ts's `opening`: the tear line and the
 * caruncle too). Their corners (cyan, magenta) carry blue, and are also where blends of three classes
 * round to (lash roots over the margin's skin and sclera). So a colour is read with the tear line and
 * caruncle only when a two-class blend with one of them explains it (wetBlendLash); every other colour is
 * read among the six classes the mask always had, exactly as before they were added.
 */
const DRY = MASK_COLORS.filter((c) => !isWet(c));
const EYE = MASK_OPENING;
const LID = MASK_LID;
const DRY_EYE = DRY.filter((c) => c.opening);
const DRY_LID = DRY.filter((c) => !c.opening);
/** Lash in a pixel: this many levels (of 255) of blue beyond what the other classes explain. */
const LASH_LEVEL = 12;
/** A colour within this distance (levels, RGB) of a two-class blend is that blend. */
const BLEND_RESIDUAL = 10;

/** Residual (squared levels) the canvas's per-channel rounding can leave in a two-class blend. */
const ROUNDING_RESIDUAL = 9;
/** The classes the tear line and the caruncle can meet in a frame (the caruncle never touches the pupil). */
const WET_MEETS = [
  { wet: MASK_TEAR, meets: MASK_COLORS.filter((c) => c !== MASK_TEAR && c !== MASK_CARUNCLE && c !== MASK_BROW) },
  { wet: MASK_CARUNCLE, meets: MASK_COLORS.filter((c) => c !== MASK_TEAR && c !== MASK_CARUNCLE && c !== MASK_BROW && c !== MASK_PUPIL) },
];

/** The two classes that carry blue besides sclera and lashes. */
function isWet(c: MaskColor): boolean {
  return c === MASK_TEAR || c === MASK_CARUNCLE;
}

/** For a colour that is a blend with the tear line or caruncle: its lash share (0..1); else null. Cached per colour. */
const wetCache = new Map<number, number | null>();
function wetBlendLash(r: number, g: number, b: number): number | null {
  const key = (r << 16) | (g << 8) | b;
  let v = wetCache.get(key);
  if (v === undefined) {
    // Wet only when a blend of the tear line or caruncle with a class it can meet explains the colour
    // clearly better (beyond the canvas's rounding) than any pair of the other classes: a
    // half-lash-half-skin (128, 0, 128) is also half pupil, half caruncle, and half iris, half lash
    // (0, 128, 128) half pupil, half tear.
    let p: Blend | null = null;
    for (const w of WET_MEETS) {
      const f = nearestBlendWith(r, g, b, w.wet, w.meets);
      if (!p || f.residual < p.residual) p = f;
    }
    const dry = nearestBlend(r, g, b, DRY).residual;
    if (p && p.residual <= BLEND_RESIDUAL * BLEND_RESIDUAL && p.residual + ROUNDING_RESIDUAL < dry) v = p.b === MASK_LASH ? p.t : 0;
    else v = null;
    if (wetCache.size > 1 << 16) wetCache.clear();
    wetCache.set(key, v);
  }
  return v;
}

/**
 * Any lash in the pixel: blue beyond what sclera explains (sclera adds red, green and blue alike, skin
 * red, iris green, so a lash leaves blue above the smaller of red and green); with the tear line or
 * caruncle in the blend, its pair's lash share. A margin pixel where the globe's clip meets the
 * opening's antialiased edge blends three classes (iris, sclera, skin), and is not lash.
 */
function hasLash(rgba: Uint8ClampedArray | Uint8Array, i: number): boolean {
  const r = rgba[i];
  const g = rgba[i + 1];
  const b = rgba[i + 2];
  if (b - Math.min(r, g) <= LASH_LEVEL) return false;
  const wet = wetBlendLash(r, g, b);
  return wet === null || wet * 255 > LASH_LEVEL;
}

/**
 * Nearest mask colour is an opening class (a tear or caruncle corner only as a blend with them), and
 * the blend that explains the colour holds some opening. A lid-only blend can lie nearest an opening
 * corner: half skin, half lash (127, 0, 127: a gap between two hairs of the upper fringe's root band,
 * half covered by each) is nearer the pupil's black than either of its own classes. Taken for the
 * opening, that one pixel above the band let the run bridge the band's lash down to the margin and
 * read the opening 20 px (1.4 mm) tall.
 */
function isOpening(r: number, g: number, b: number): boolean {
  const c = classifyMaskPixel(r, g, b);
  if (isWet(c)) return wetBlendLash(r, g, b) !== null;
  return c.opening && openingCoverage(r, g, b) > 0;
}

/** The opening's share of a pixel (mask-coverage.ts), among the classes its colour can be a blend of. */
function openingCoverage(r: number, g: number, b: number): number {
  return wetBlendLash(r, g, b) === null ? coverageOf(r, g, b, DRY_EYE, DRY_LID) : coverageOf(r, g, b, EYE, LID);
}

interface ColumnRun {
  top: number;
  bottom: number;
  lash: Uint8Array;
  /** The opening's antialiased coverage of a row (computed only near the run's ends, where it is read). */
  cov(y: number): number;
}

/** A column's opening: its longest run of opening pixels, lashes lying across it bridged; null when none. */
function columnRun(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number, col: number): ColumnRun | null {
  const eye = new Uint8Array(heightPx);
  const lash = new Uint8Array(heightPx);
  let any = false;
  // Both answers are functions of the pixel's colour alone, and a mask's column is long runs of one
  // flat colour: the pixel above's answers are reused while the colour stays (the same answers, once).
  let lastRgb = -1;
  let lastEye = 0;
  let lastLash = 0;
  for (let y = 0; y < heightPx; y++) {
    const i = (y * widthPx + col) * 4;
    const rgb = (rgba[i] << 16) | (rgba[i + 1] << 8) | rgba[i + 2];
    if (rgb !== lastRgb) {
      lastRgb = rgb;
      lastEye = isOpening(rgba[i], rgba[i + 1], rgba[i + 2]) ? 1 : 0;
      lastLash = hasLash(rgba, i) ? 1 : 0;
    }
    eye[y] = lastEye;
    lash[y] = lastLash;
    if (lastEye) any = true;
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
    return openingCoverage(rgba[i], rgba[i + 1], rgba[i + 2]);
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
