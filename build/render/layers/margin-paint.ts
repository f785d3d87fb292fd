import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';

/**
 * A band along one lid margin, at offsets (mm, + up) each scaled by `taper(t)` (t 0 lateral … 1 medial
 * canthus), so it thins to nothing where the lids meet. A ramp is at full strength from `fromMm` back
 * RAMP_BACK_MM beyond it (its one crisp edge) and fades as peak·(1 − s)^power to nothing at `toMm`
 * (s 0 … 1); a flat band is `alpha` between its two offsets.
 */
export interface MarginBand {
  which: 'upper' | 'lower';
  fromMm: number;
  toMm: number;
  taper: (t: number) => number;
  /**
   * Colour and opacity at xMm along the lid (a fill that rides the lid, as a gradient from canthus to
   * canthus did). A ramp's opacity a scales it as a canvas's stack of faint fills in that style did:
   * 1 − (1 − peak·ramp)^a, not a·peak·ramp (a faded stack stays darker where it is dense).
   */
  rgba: (xMm: number) => readonly [number, number, number, number];
  /** A ramp's fall-off power, or 'flat'. */
  power: number | 'flat';
  /** A ramp's opacity where it is strongest (flat: unused). */
  peak?: number;
  /** How far a ramp's full strength reaches back past fromMm (default RAMP_BACK_MM). */
  backMm?: number;
}

/**
 * A ramp placed as the stack of `fills` flat fills the margins were tuned as: each of those bands was
 * as strong as the profile at its inner edge, a staircase whose mean runs half a step behind the smooth
 * profile (12 fills of a linear fade carried 8 % more darkness than the ramp between the same offsets).
 * So the ramp holds its full strength half a step past fromMm and ends half a step past toMm.
 */
export function stackRamp(fromMm: number, toMm: number, fills: number): Pick<MarginBand, 'fromMm' | 'toMm' | 'backMm'> {
  const half = (toMm - fromMm) / (2 * fills);
  return { fromMm: fromMm + half, toMm: toMm + half, backMm: RAMP_BACK_MM + Math.abs(half) };
}

/** How far a ramp's full strength reaches back past fromMm (so two ramps from one line meet without a seam). */
export const RAMP_BACK_MM = 0.02;

/** ∫₀ˢ (1 − u)^p du, tabulated once per power (the ramp's alpha box-filtered over a pixel's height). */
const G_STEPS = 512;
const gTables = new Map<number, Float64Array>();
function gTable(p: number): Float64Array {
  let g = gTables.get(p);
  if (!g) {
    g = new Float64Array(G_STEPS + 1);
    for (let i = 0; i <= G_STEPS; i++) g[i] = (1 - Math.pow(1 - i / G_STEPS, p + 1)) / (p + 1);
    gTables.set(p, g);
  }
  return g;
}
function gAt(g: Float64Array, s: number): number {
  if (s <= 0) return 0;
  if (s >= 1) return g[G_STEPS];
  const f = s * G_STEPS;
  const i = Math.floor(f);
  return g[i] + (g[i + 1] - g[i]) * (f - i);
}

/** A taper's value at each column x0 … x1 − 1's centre, kept while the canthi and frame stay put (a taper is a pure function of t). */
const taperCache = new WeakMap<(t: number) => number, { key: string; vals: Float64Array }>();
function taperColumns(taper: (t: number) => number, x0: number, x1: number, f: EyeFrame, m: LidMargins): Float64Array {
  const key = `${x0},${x1},${f.centerXPx},${f.pxPerMm},${m.xLateralMm},${m.xMedialMm}`;
  const hit = taperCache.get(taper);
  if (hit && hit.key === key) return hit.vals;
  const vals = new Float64Array(Math.max(0, x1 - x0));
  for (let x = x0; x < x1; x++) {
    vals[x - x0] = taper(columnT(x, f, m));
  }
  taperCache.set(taper, { key, vals });
  return vals;
}

/** Where a column's centre is along the fissure (0 lateral … 1 medial canthus), held to the fissure. */
function columnT(x: number, f: EyeFrame, m: LidMargins): number {
  const t = ((x + 0.5 - f.centerXPx) / f.pxPerMm - m.xLateralMm) / (m.xMedialMm - m.xLateralMm);
  return Math.min(1, Math.max(0, t));
}

/** One band's geometry in one column, px along the column measured from where it is strongest. */
interface ColumnBand {
  /** Row (frame px) where s = 0 (a ramp) or the band's first edge (flat). */
  y0: number;
  /** +1 if the band runs down from y0, −1 up. */
  dir: number;
  /** The ramp's or flat band's length from y0, px, and a ramp's full-strength reach back past y0. */
  len: number;
  back: number;
  g: Float64Array | null;
  peak: number;
  r: number;
  gr: number;
  b: number;
  a: number;
  /** The share of the column inside the opening (a canthus's own column is partly beyond it). */
  cover: number;
}

/**
 * Copy `region` (box px) of the box-sized RGBA `src` (the warped skin, the opening transparent) into
 * `dst` and composite `bands` over it there, in order, computing each pixel exactly: a band's alpha is its ramp integrated over
 * the pixel's height, so it is smooth down to the canthi where it is thinner than a pixel. A software
 * canvas drew each ramp as ~10 stacked polygon fills, and a fill's cost grows with its edges: the two
 * margins' ~50 fills were ~10 ms of a lid's ~30-ms redraw at 1280×720; this is one pass over the
 * pixels they cover. Nothing outside `region` is touched.
 */
export function paintMarginBands(src: Uint8ClampedArray, dst: Uint8ClampedArray, box: BoundsPx, region: BoundsPx, f: EyeFrame, m: LidMargins, bands: readonly MarginBand[]): void {
  if (region.w <= 0 || region.h <= 0) return;
  for (let y = region.y; y < region.y + region.h; y++) {
    const i = (y * box.w + region.x) * 4;
    dst.set(src.subarray(i, i + region.w * 4), i);
  }
  const ppm = f.pxPerMm;
  // Frame px, within the region.
  const rx0 = box.x + region.x;
  const rx1 = rx0 + region.w;
  const ryTop = box.y + region.y;
  const ryEnd = ryTop + region.h;
  const latPx = f.centerXPx + m.xLateralMm * ppm;
  const medPx = f.centerXPx + m.xMedialMm * ppm;
  const loPx = Math.min(latPx, medPx);
  const hiPx = Math.max(latPx, medPx);
  const x0 = Math.max(rx0, Math.floor(loPx));
  const x1 = Math.min(rx1, Math.ceil(hiPx));
  const span = m.xMedialMm - m.xLateralMm;
  const cols: ColumnBand[] = bands.map(() => ({ y0: 0, dir: 1, len: 0, back: 0, g: null, peak: 1, r: 0, gr: 0, b: 0, a: 0, cover: 1 }));
  const live: ColumnBand[] = [];
  // Each lid's bands as a group, lower then upper (the order they are listed in, which a closing lid's
  // meeting bands keep): one group's rows span its margin's few millimetres, not the opening between.
  const groups = (['lower', 'upper'] as const).map((which) =>
    bands.map((b, k) => ({ b, k, tapers: taperColumns(b.taper, x0, x1, f, m) })).filter((e) => e.b.which === which),
  );
  for (let x = x0; x < x1; x++) {
    // A canthus's own column is partly beyond it: its bands as at the canthus, over the part inside.
    const cover = Math.min(x + 1, hiPx) - Math.max(x, loPx);
    if (cover <= 0) continue;
    const t = columnT(x, f, m);
    const xMm = m.xLateralMm + t * span;
    const bx = x - box.x;
    for (const group of groups) {
      if (group.length === 0) continue;
      const my = f.centerYPx - (group[0].b.which === 'upper' ? m.upperMm(xMm) : m.lowerMm(xMm)) * ppm;
      let top = Infinity;
      let bottom = -Infinity;
      live.length = 0;
      for (const { b: band, k, tapers } of group) {
        const tp = tapers[x - x0];
        if (tp <= 0) continue;
        const c = band.rgba(xMm);
        if (c[3] <= 0) continue;
        const yFrom = my - band.fromMm * tp * ppm;
        const yTo = my - band.toMm * tp * ppm;
        const cb = cols[k];
        cb.y0 = yFrom;
        cb.dir = yTo >= yFrom ? 1 : -1;
        cb.len = Math.abs(yTo - yFrom);
        if (band.power === 'flat') {
          cb.g = null;
          cb.back = 0;
        } else {
          cb.g = gTable(band.power);
          cb.back = (band.backMm ?? RAMP_BACK_MM) * tp * ppm;
          cb.peak = band.peak ?? 1;
        }
        cb.r = c[0];
        cb.gr = c[1];
        cb.b = c[2];
        // Coverage scales the band's final alpha: for a ramp `a` is an exponent, so folding the column's
        // share into it would give 1 − (1 − α)^(a·cover), not cover · (1 − (1 − α)^a).
        cb.a = c[3];
        cb.cover = cover;
        const lo = cb.dir > 0 ? yFrom - cb.back : yTo;
        const hi = cb.dir > 0 ? yTo : yFrom + cb.back;
        if (hi - lo <= 0) continue;
        top = Math.min(top, lo);
        bottom = Math.max(bottom, hi);
        live.push(cb);
      }
      if (live.length === 0) continue;
      const yA = Math.max(ryTop, Math.floor(top));
      const yB = Math.min(ryEnd, Math.ceil(bottom));
      const n = yB - yA;
      if (n <= 0) continue;
      // The column's pixels in floats (premultiplied), each band laid over its own rows in turn.
      if (colR.length < n) [colR, colG, colB, colA] = [new Float64Array(2 * n), new Float64Array(2 * n), new Float64Array(2 * n), new Float64Array(2 * n)];
      for (let j = 0; j < n; j++) {
        const i = ((yA + j - box.y) * box.w + bx) * 4;
        const al = dst[i + 3] / 255;
        colR[j] = dst[i] * al;
        colG[j] = dst[i + 1] * al;
        colB[j] = dst[i + 2] * al;
        colA[j] = al;
      }
      for (const cb of live) layBand(cb, yA, n);
      for (let j = 0; j < n; j++) {
        const i = ((yA + j - box.y) * box.w + bx) * 4;
        const al = colA[j];
        if (al <= 0) continue;
        dst[i] = colR[j] / al;
        dst[i + 1] = colG[j] / al;
        dst[i + 2] = colB[j] / al;
        dst[i + 3] = al * 255;
      }
    }
  }
}

let colR = new Float64Array(64);
let colG = new Float64Array(64);
let colB = new Float64Array(64);
let colA = new Float64Array(64);

/**
 * One band source-over the column's rows yA … yA + n − 1 (colR…colA, premultiplied): each pixel's
 * alpha the band's strength integrated over the pixel's height.
 */
function layBand(cb: ColumnBand, yA: number, n: number): void {
  const lo = cb.dir > 0 ? cb.y0 - cb.back : cb.y0 - cb.len;
  const hi = cb.dir > 0 ? cb.y0 + cb.len : cb.y0 + cb.back;
  const j0 = Math.max(0, Math.floor(lo) - yA);
  const j1 = Math.min(n, Math.ceil(hi) - yA);
  const { r, gr, b, a, len, back, g, peak, cover } = cb;
  for (let j = j0; j < j1; j++) {
    const y = yA + j;
    // The pixel's rows [y, y + 1] in the band's own coordinate (0 at y0, + along it).
    const d0 = cb.dir > 0 ? y - cb.y0 : cb.y0 - (y + 1);
    const d1 = d0 + 1;
    let alpha: number;
    if (g === null) alpha = Math.min(d1, len) - Math.max(d0, 0);
    else {
      alpha = Math.max(0, Math.min(d1, 0) - Math.max(d0, -back));
      if (len > 1e-6 && d1 > 0 && d0 < len) alpha += len * (gAt(g, d1 / len) - gAt(g, d0 / len));
      alpha *= peak;
    }
    alpha = (g === null ? alpha * a : a === 1 ? alpha : 1 - Math.pow(1 - alpha, a)) * cover;
    if (alpha <= 0) continue;
    const keep = 1 - alpha;
    colR[j] = r * alpha + colR[j] * keep;
    colG[j] = gr * alpha + colG[j] * keep;
    colB[j] = b * alpha + colB[j] * keep;
    colA[j] = alpha + colA[j] * keep;
  }
}
