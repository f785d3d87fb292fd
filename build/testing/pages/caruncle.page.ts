import { CARUNCLE_MM } from '../../render/geometry/caruncle-shape.ts';
import { eyeFrame, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from '../../render/geometry/iris-pose.ts';
import { MASK_CARUNCLE, MASK_SCLERA, classifyMaskPixel } from '../../render/mask-colors.ts';
import { gazeSample } from '../eye-samples.ts';
import { PAGE_SIZE, boxBlur, drawPasses, exposed, lumaAt, whiteLumaP90 } from './page-kit.ts';
import { spotsOf } from './spots.ts';
import { bandTexture, maskRegion as region } from './band-texture.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

function passes(yawDeg: number, pitchDeg: number): { c: Uint8ClampedArray; m: Uint8ClampedArray } {
  return drawPasses(gazeSample(yawDeg, pitchDeg), '2026');
}

/** The caruncle's texture at the lobules' scale (band-texture.ts) inside its mask region, eroded 0.15 mm. */
exposed.caruncleTexture = () => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(0, 0);
  return bandTexture(c, region(m, MASK_CARUNCLE.name, Math.round(0.15 * f.pxPerMm)), f.pxPerMm);
};

/**
 * The glints on the caruncle: pixels of its mask region over 200 in luma and a peak over the ring
 * 3 px round them (by 30 levels), clustered 8-connected; each spot's centre in mm about the frame's
 * centre. And the iris's centre, to show the eye turned.
 */
exposed.caruncleGlints = (yawDeg: number, pitchDeg: number) => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(yawDeg, pitchDeg);
  const inside = region(m, MASK_CARUNCLE.name, 1);
  const luma = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) luma[i] = 0.2126 * c[4 * i] + 0.7152 * c[4 * i + 1] + 0.0722 * c[4 * i + 2];
  const bright = new Uint8Array(W * H);
  for (let y = 4; y < H - 4; y++) {
    for (let x = 4; x < W - 4; x++) {
      const i = y * W + x;
      if (!inside[i] || luma[i] < 200) continue;
      let sum = 0;
      for (let k = 0; k < 12; k++) {
        const a = (k * Math.PI) / 6;
        sum += luma[Math.round(y + 3 * Math.sin(a)) * W + Math.round(x + 3 * Math.cos(a))];
      }
      if (luma[i] - sum / 12 >= 30) bright[i] = 1;
    }
  }
  const spots = spotsOf(bright, W).map((p) => ({ xMm: (p.xPx - f.centerXPx) / f.pxPerMm, yMm: (f.centerYPx - p.yPx) / f.pxPerMm, pixels: p.pixels }));
  let area = 0;
  for (let i = 0; i < W * H; i++) area += inside[i];
  const iris = discEllipsePx(f, irisPose(gazeSample(yawDeg, pitchDeg)), 1);
  return { spots, areaMm2: area / (f.pxPerMm * f.pxPerMm), irisXMm: (iris.xPx - f.centerXPx) / f.pxPerMm };
};

/**
 * The plica's fold, lateral of the caruncle: along rows through the caruncle's middle (±0.5 mm), the
 * colour frame's luma on the sclera's pixels from the caruncle's lateral edge out to 2 mm lateral of
 * it, smoothed over 0.1 mm: the deepest dip under the line between its neighbours 0.3 mm either side
 * (the fold's free edge, a shadow), median over the rows, and where it lies (mm lateral of the edge);
 * and the fold's palest point medial of that shadow over the white 0.3–0.6 mm lateral of it, median.
 */
exposed.plicaFold = () => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(0, 0);
  const C = CARUNCLE_MM;
  const dips: number[] = [];
  const at: number[] = [];
  const paler: number[] = [];
  const reach = Math.round(0.3 * f.pxPerMm);
  const y0 = Math.round(yPx(f, C.y + 0.5));
  const y1 = Math.round(yPx(f, C.y - 0.5));
  for (let y = y0; y <= y1; y++) {
    let edge = -1;
    for (let x = Math.round(xPx(f, C.x)); x > 0; x--) {
      const i = 4 * (y * W + x);
      if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_CARUNCLE) {
        edge = x;
        break;
      }
    }
    if (edge < 0) continue;
    const span = Math.round(2 * f.pxPerMm);
    const prof: number[] = [];
    for (let x = edge; x > edge - span - reach; x--) {
      let s = 0;
      let n = 0;
      for (let k = -1; k <= 1; k++) {
        const i = 4 * (y * W + x + k);
        if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_SCLERA) continue;
        s += 0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2];
        n++;
      }
      prof.push(n ? s / n : NaN);
    }
    let best = 0;
    let bestAt = 0;
    for (let k = reach; k < prof.length - reach && k <= span; k++) {
      const d = (prof[k - reach] + prof[k + reach]) / 2 - prof[k];
      if (d > best) [best, bestAt] = [d, k];
    }
    dips.push(best);
    at.push(bestAt / f.pxPerMm);
    // The fold's palest point between the caruncle and its free edge, over the white just beyond it.
    let fold = -Infinity;
    for (let k = 0; k < bestAt - reach / 2; k++) if (prof[k] > fold) fold = prof[k];
    let white = 0;
    let nw = 0;
    for (let k = bestAt + reach; k < Math.min(prof.length, bestAt + 2 * reach); k++) if (!Number.isNaN(prof[k])) [white, nw] = [white + prof[k], nw + 1];
    // A row with no fold reading (no sclera pixel before the edge) gives none: -Infinity would pass "under the white".
    if (nw && Number.isFinite(fold)) paler.push(fold - white / nw);
  }
  const order = dips.map((d, i) => [d, at[i]]).sort((a, b) => a[0] - b[0]);
  const mid = order[Math.floor(order.length / 2)] ?? [0, 0];
  paler.sort((a, b) => a - b);
  return { rows: dips.length, dipMedian: mid[0], atMm: mid[1], foldOverWhite: paler[Math.floor(paler.length / 2)] ?? NaN };
};

/**
 * Which way the plica's free edge curves: along rows 0–1.3 mm over and under the caruncle's middle, the
 * deepest dip in the colour frame's luma (smoothed over 3 px, against its neighbours 0.3 mm either
 * side) among the sclera's pixels up to 2.5 mm lateral of the caruncle's mask; where it lies across the
 * frame (mm, + toward the nose) in the middle rows (within 0.3 mm) and in the outer ones (0.8–1.3 mm),
 * medians. A semilunar fold's edge is concave toward the cornea, its middle nearest the nose: middle − outer > 0.
 */
exposed.plicaEdgeBow = () => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(0, 0);
  const C = CARUNCLE_MM;
  const reach = Math.round(0.3 * f.pxPerMm);
  const span = Math.round(2.5 * f.pxPerMm);
  const middle: number[] = [];
  const outer: number[] = [];
  const luma = (x: number, y: number): number => {
    const i = 4 * (y * W + x);
    return classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_SCLERA ? 0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2] : NaN;
  };
  for (let dyMm = -1.3; dyMm <= 1.3001; dyMm += 1 / f.pxPerMm) {
    const y = Math.round(yPx(f, C.y + dyMm));
    let edge = -1;
    for (let x = Math.round(xPx(f, C.x)); x > 0; x--) {
      const i = 4 * (y * W + x);
      if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_CARUNCLE) {
        edge = x;
        break;
      }
    }
    if (edge < 0) continue;
    const prof: number[] = [];
    for (let x = edge; x > edge - span - reach; x--) prof.push((luma(x - 1, y) + luma(x, y) + luma(x + 1, y)) / 3);
    let best = 0;
    let bestAt = -1;
    for (let k = reach; k < prof.length - reach; k++) {
      const d = (prof[k - reach] + prof[k + reach]) / 2 - prof[k];
      if (d > best) [best, bestAt] = [d, k];
    }
    if (bestAt < 0) continue;
    const xMm = (edge - bestAt - f.centerXPx) / f.pxPerMm;
    if (Math.abs(dyMm) <= 0.3) middle.push(xMm);
    else if (Math.abs(dyMm) >= 0.8) outer.push(xMm);
  }
  const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1] ?? NaN;
  return { middleRows: middle.length, outerRows: outer.length, middleXMm: median(middle), outerXMm: median(outer) };
};

/**
 * The white's redness toward the medial canthus: the mean of R − (G + B)/2 over the sclera's pixels
 * (eroded 2 px) at gaze rest, in bands by distance (mm) lateral of the caruncle's centre: 1.5–3,
 * 3–5, 5–7, and the middle of the white 7–10 mm.
 */
exposed.scleraRedness = () => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(0, 0);
  const inside = region(m, MASK_SCLERA.name, 2);
  const bands = [[1.5, 3], [3, 5], [5, 7], [7, 10]];
  const sum = bands.map(() => 0);
  const n = bands.map(() => 0);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = y * W + x;
    if (!inside[i]) continue;
    const d = CARUNCLE_MM.x - (x + 0.5 - f.centerXPx) / f.pxPerMm;
    const b = bands.findIndex(([lo, hi]) => d >= lo && d < hi);
    if (b < 0) continue;
    sum[b] += c[4 * i] - (c[4 * i + 1] + c[4 * i + 2]) / 2;
    n[b]++;
  }
  return bands.map((band, k) => ({ fromMm: band[0], toMm: band[1], pixels: n[k], redness: n[k] ? sum[k] / n[k] : 0 }));
};

/**
 * The caruncle's outline as the colour frame shows it: for each pixel on the edge of its mask region
 * (a caruncle pixel with a 4-neighbour of another class), the colour frame's luma along the outward
 * normal (the region's own, from a 5 px box-blurred indicator) from 0.35 mm inside to 0.35 mm out,
 * by bilinear samples 0.5 px apart. Per edge pixel, its dark rim (how far the profile's darkest point
 * within ±0.15 mm of the edge sinks under the darker of the means 0.2–0.35 mm inside and outside) and
 * its step (the largest luma change over 1 px within ±0.15 mm). Medians over the edge pixels whose
 * outside is the white (the lateral side, in the opening) and over those whose outside is the lid.
 */
exposed.caruncleEdge = () => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(0, 0);
  const cls = new Uint8Array(W * H);
  const names = new Map<string, number>([[MASK_CARUNCLE.name, 1], [MASK_SCLERA.name, 2]]);
  for (let i = 0; i < W * H; i++) cls[i] = names.get(classifyMaskPixel(m[4 * i], m[4 * i + 1], m[4 * i + 2]).name) ?? 3;
  const luma = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) luma[i] = 0.2126 * c[4 * i] + 0.7152 * c[4 * i + 1] + 0.0722 * c[4 * i + 2];
  const ind = boxBlur(Float32Array.from(cls, (k) => (k === 1 ? 1 : 0)), 5);
  const lumaAt = (x: number, y: number): number => {
    const x0 = Math.floor(x), y0 = Math.floor(y), fx = x - x0, fy = y - y0;
    const p = (xx: number, yy: number) => luma[yy * W + xx];
    return (p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx) * (1 - fy) + (p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx) * fy;
  };
  const reach = 0.35 * f.pxPerMm;
  const near = 0.15 * f.pxPerMm;
  const far = 0.2 * f.pxPerMm;
  const out: Record<'white' | 'lid', { rim: number[]; step: number[] }> = { white: { rim: [], step: [] }, lid: { rim: [], step: [] } };
  for (let y = 20; y < H - 20; y++) {
    for (let x = 20; x < W - 20; x++) {
      const i = y * W + x;
      if (cls[i] !== 1) continue;
      const nb = [cls[i - 1], cls[i + 1], cls[i - W], cls[i + W]].filter((k) => k !== 1);
      if (!nb.length) continue;
      let gx = ind[i - 1] - ind[i + 1];
      let gy = ind[i - W] - ind[i + W];
      const g = Math.hypot(gx, gy);
      if (g < 1e-6) continue;
      gx /= g;
      gy /= g;
      const prof: number[] = [];
      for (let s = -reach; s <= reach; s += 0.5) prof.push(lumaAt(x + 0.5 + gx * s - 0.5, y + 0.5 + gy * s - 0.5));
      const sAt = (k: number) => -reach + 0.5 * k;
      const mean = (keep: (s: number) => boolean) => {
        const v = prof.filter((_, k) => keep(sAt(k)));
        return v.reduce((a, b) => a + b, 0) / v.length;
      };
      const inside = mean((s) => s <= -far);
      const outside = mean((s) => s >= far);
      let low = Infinity;
      let step = 0;
      for (let k = 0; k < prof.length; k++) {
        if (Math.abs(sAt(k)) > near) continue;
        low = Math.min(low, prof[k]);
        if (k >= 2) step = Math.max(step, Math.abs(prof[k] - prof[k - 2]));
      }
      const side = nb.includes(2) ? out.white : out.lid;
      side.rim.push(Math.min(inside, outside) - low);
      side.step.push(step);
    }
  }
  const q = (v: number[], p: number) => v.sort((a, b) => a - b)[Math.floor(p * (v.length - 1))] ?? 0;
  const sum = (s: { rim: number[]; step: number[] }) => ({ pixels: s.rim.length, rimMedian: q(s.rim, 0.5), stepMedian: q(s.step, 0.5) });
  return { white: sum(out.white), lid: sum(out.lid) };
};

/**
 * The caruncle's wet highlights as a viewer sees them: inside its mask region (eroded 1 px), pixels
 * over 190 in luma and 25 levels over the colour frame's 0.5 mm box mean round them, clustered
 * 8-connected; each cluster's size (px). Counts a sprinkle of specks (sugar) and a few larger soft
 * highlights alike, so a test can tell them apart by count and size.
 */
exposed.caruncleHighlights = () => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(0, 0);
  const inside = region(m, MASK_CARUNCLE.name, 1);
  const luma = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) luma[i] = 0.2126 * c[4 * i] + 0.7152 * c[4 * i + 1] + 0.0722 * c[4 * i + 2];
  const local = boxBlur(luma, Math.round(0.25 * f.pxPerMm));
  const bright = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) if (inside[i] && luma[i] > 190 && luma[i] - local[i] >= 25) bright[i] = 1;
  const spots = spotsOf(bright, W).map((p) => p.pixels);
  return { spotsPx: spots, pxPerMm: f.pxPerMm };
};

/**
 * The caruncle's light: the mean luma of the medial and the lateral half of its mask region (split at
 * its centre's column), each over the 90th percentile of the white's luma (every sclera pixel).
 */
exposed.caruncleShade = () => {
  const f = eyeFrame(W, H);
  const { c, m } = passes(0, 0);
  const half = [0, 0, 0, 0]; // medial sum, n, lateral sum, n
  const cx = xPx(f, CARUNCLE_MM.x);
  const medialRight = xPx(f, CARUNCLE_MM.x + 1) > cx;
  for (let i = 0; i < W * H; i++) {
    if (classifyMaskPixel(m[4 * i], m[4 * i + 1], m[4 * i + 2]) !== MASK_CARUNCLE) continue;
    const medial = (i % W) + 0.5 > cx === medialRight;
    half[medial ? 0 : 2] += lumaAt(c, 4 * i);
    half[medial ? 1 : 3]++;
  }
  const p90 = whiteLumaP90(c, m);
  return { medial: half[0] / half[1] / p90, lateral: half[2] / half[3] / p90, pixels: half[1] + half[3] };
};
