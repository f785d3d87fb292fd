import { eyeFrame, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from '../../render/geometry/iris-pose.ts';
import { lidInputs } from '../../render/geometry/lid-inputs.ts';
import { lidMargins } from '../../render/geometry/lid-margins.ts';
import { blinkSample, gazeSample } from '../eye-samples.ts';
import { MASK_CARUNCLE, MASK_COLORS, MASK_LASH, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EyeSample } from '../../model/types.ts';
import { PAGE_SIZE, boxBlur, drawPass, exposed, lumaAt } from './page-kit.ts';
import { maskRegion } from './band-texture.ts';
import { spotsOf } from './spots.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

type Spec = { yaw: number; pitch: number; extra?: Partial<EyeSample> } | { blink: number };

function sampleOf(spec: Spec) {
  return 'blink' in spec ? blinkSample(spec.blink) : gazeSample(spec.yaw, spec.pitch, spec.extra || {});
}

function passOf(s: EyeSample, pass: 'color' | 'mask') {
  // The eye's own shading, before the camera's grain (View.grain).
  return drawPass(s, '2026', pass, false);
}

function marginsOf(s: EyeSample) {
  const pose = irisPose(s);
  const lids = lidInputs(s, pose);
  return { pose, m: lidMargins(lids, lids) };
}

/**
 * The tear line along the lower margin, from the mask: per column across the fissure (t 0.08–0.86;
 * it ends at the punctum), whether a pixel within 0.5 mm of the lower margin is of the 'tear' class;
 * the columns' runs.
 */
exposed.tearAlongLower = (spec: Spec) => {
  const tear = MASK_COLORS.find((c) => c.name === 'tear');
  const s = sampleOf(spec);
  const { m } = marginsOf(s);
  if (!tear) return { hasClass: false, openness: m.openness, columns: 0, tearColumns: 0, runs: [] };
  const f = eyeFrame(W, H);
  const d = passOf(s, 'mask');
  const x0 = Math.ceil(xPx(f, m.xLateralMm + 0.08 * (m.xMedialMm - m.xLateralMm)));
  const x1 = Math.floor(xPx(f, m.xLateralMm + 0.86 * (m.xMedialMm - m.xLateralMm)));
  const reach = Math.ceil(0.5 * f.pxPerMm);
  const on = [];
  for (let x = x0; x <= x1; x++) {
    const y0 = Math.round(yPx(f, m.lowerMm((x + 0.5 - f.centerXPx) / f.pxPerMm)));
    let hit = 0;
    for (let y = y0 - reach; y <= y0 + reach; y++) {
      const i = (y * W + x) * 4;
      if (classifyMaskPixel(d[i], d[i + 1], d[i + 2]) === tear) hit = 1;
    }
    on.push(hit);
  }
  const runs = [];
  let start = -1;
  for (let k = 0; k <= on.length; k++) {
    if (k < on.length && on[k]) {
      if (start < 0) start = k;
    } else if (start >= 0) {
      runs.push(k - start);
      start = -1;
    }
  }
  return { hasClass: true, openness: m.openness, columns: on.length, tearColumns: on.reduce((a, b) => a + b, 0), runs };
};

/**
 * The caruncle's surface detail: inside its mask region (eroded 2 px), the standard deviation of the
 * colour frame's luma after a 0.3 mm box blur is taken off (the lumps and glints, not the dome's
 * smooth shading).
 */
exposed.caruncleDetail = () => {
  const s = gazeSample(0, 0);
  const c = passOf(s, 'color');
  const inside = maskRegion(passOf(s, 'mask'), MASK_CARUNCLE.name, 2);
  const luma = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) luma[i] = lumaAt(c, 4 * i);
  const mean = boxBlur(luma, Math.round(0.3 * eyeFrame(W, H).pxPerMm));
  let n = 0;
  let sum = 0;
  let sum2 = 0;
  for (let i = 0; i < W * H; i++) {
    if (!inside[i]) continue;
    const v = luma[i] - mean[i];
    n++;
    sum += v;
    sum2 += v * v;
  }
  const m = n ? sum / n : 0;
  return { pixels: n, detailStd: n ? Math.sqrt(sum2 / n - m * m) : 0 };
};

/**
 * Glints on the lid margins: pixels of the colour frame within 0.45 mm of either margin, outside the
 * iris (the cornea's own reflections are not the lid's), over 215 in luma and a peak over the ring
 * 4 px round them; clustered into spots (8-connected). Each spot's centre, and its
 * height above the lower margin at its column (mm).
 */
exposed.marginGlints = (spec: Spec) => brightSpots(spec, (m) => [
  [m.lowerMm, 0.45, -0.45],
  [m.upperMm, 0.45, -0.45],
]);

/**
 * Sparks on the lower lid's lash line (its front edge, where the lashes leave it): peaks in the band
 * 0.2–0.8 mm under the lower margin (below the waterline's own flecks, which sit within 0.16 mm of
 * it), each with its size in pixels, its peak luma and how far it stands over its ring. A spark
 * there is a soft lift of the skin, not a white point (the photographs': 8–38 luma over the skin round
 * it), so a peak of any brightness counts if it stands over the lit skin about it and sits on that
 * skin (SPARK): skin showing between two lower lashes, or between the upper lashes hanging over the
 * band when the lids are shut, stands over its ring but is ringed by lash.
 */
const SPARK: PeakRule = { minLuma: 0, overLit: 10, ringUnderLit: 25, offLashes: true, overMean: 10, overMax: 4 };

exposed.lashLineGlints = (spec: Spec) => brightSpots(spec, (m) => [[m.lowerMm, -0.2, -0.8]], SPARK);

/** What makes a pixel a glint's: its luma at least `minLuma` and over the tissue's lit level about it
 * (the windows' 80th percentile within ±0.5 mm along the lid) by `overLit`; over the mean of its ring
 * 4 px out by `overMean` and over the ring's brightest point (a lit line's own continuation) by
 * `overMax`; and its ring's median no more than `ringUnderLit` under the lit level. */
interface PeakRule {
  minLuma: number;
  overLit: number;
  /** How far under that lit level its ring's median may be. */
  ringUnderLit: number;
  /** Whether at most a quarter of its ring may be lash (in the mask pass). */
  offLashes: boolean;
  overMean: number;
  overMax: number;
}

/** The ring a peak is held to: 12 points 4 px round it, as offsets in a W-wide plane (a 1–3 px glint's
 * background). */
const RING = Array.from({ length: 12 }, (_, k) => Math.round(4 * Math.sin((k * Math.PI) / 6)) * W + Math.round(4 * Math.cos((k * Math.PI) / 6)));

/** The margins' glints: clear, near-white peaks (a 1–3 px glint over the tissue it sits on). */
const GLINT: PeakRule = { minLuma: 215, overLit: -Infinity, ringUnderLit: Infinity, offLashes: false, overMean: 35, overMax: 10 };

/**
 * Bright spots of the colour frame in windows along the margins (each a margin and the heights over
 * it, mm, from the top down), outside the iris (the cornea's own reflections are not the lid's): peaks
 * by `rule`, clustered into spots (8-connected). Each spot's centre, its height above the lower margin
 * and under the upper at its column (mm), its pixels, its peak luma and how far it stands over its
 * ring's mean.
 */
function brightSpots(spec: Spec, windows: (m: ReturnType<typeof marginsOf>['m']) => [(xMm: number) => number, number, number][], rule: PeakRule = GLINT) {
  const s = sampleOf(spec);
  const { pose, m } = marginsOf(s);
  const f = eyeFrame(W, H);
  const c = passOf(s, 'color');
  const iris = discEllipsePx(f, pose, pose.radiusMm + 0.3);
  const luma = new Float32Array((W * H));
  for (let i = 0; i < (W * H); i++) luma[i] = 0.2126 * c[4 * i] + 0.7152 * c[4 * i + 1] + 0.0722 * c[4 * i + 2];
  const R = 6;
  const bright = new Uint8Array((W * H));
  /** How far a flagged pixel stands over its ring's mean, luma. */
  const over = new Float32Array(W * H);
  const x0 = Math.ceil(xPx(f, m.xLateralMm)) + R;
  const x1 = Math.floor(xPx(f, m.xMedialMm)) - R;
  const mask = rule.offLashes ? passOf(s, 'mask') : null;
  /** How many of the ring's points round pixel i the mask pass calls lash. */
  const lashy = (i: number): number => {
    if (!mask) return 0;
    let n = 0;
    for (const d of RING) {
      const j = 4 * (i + d);
      if (classifyMaskPixel(mask[j], mask[j + 1], mask[j + 2]) === MASK_LASH) n++;
    }
    return n;
  };
  // The windows' pixels outside the iris.
  const inside: number[] = [];
  for (let x = x0; x <= x1; x++) {
    const xm = (x + 0.5 - f.centerXPx) / f.pxPerMm;
    for (const [fn, topMm, bottomMm] of windows(m)) {
      for (let y = Math.round(yPx(f, fn(xm) + topMm)); y <= Math.round(yPx(f, fn(xm) + bottomMm)); y++) {
        const dx = (x + 0.5 - iris.xPx) / iris.radiusXPx;
        const dy = (y + 0.5 - iris.yPx) / iris.radiusYPx;
        // (Not where its ring 4 px out would leave the frame: the lower lid reaches its bottom in some gazes.)
        if (dx * dx + dy * dy >= 1 && y >= 4 && y < H - 4) inside.push(y * W + x);
      }
    }
  }
  // The tissue's lit level about each column: the 80th percentile of the windows' luma within
  // ±0.5 mm along the lid (a glint stands over the tissue it lies on, not over the lashes and shade
  // beside it).
  const byColumn = new Map<number, number[]>();
  for (const i of inside) {
    const x = i % W;
    const column = byColumn.get(x);
    if (column) column.push(luma[i]);
    else byColumn.set(x, [luma[i]]);
  }
  const reachPx = Math.round(0.5 * f.pxPerMm);
  const litAt = new Map<number, number>();
  for (const x of byColumn.keys()) {
    const near: number[] = [];
    for (let d = -reachPx; d <= reachPx; d++) near.push(...(byColumn.get(x + d) ?? []));
    near.sort((a, b) => a - b);
    litAt.set(x, near[Math.floor(0.8 * (near.length - 1))]);
  }
  for (const i of inside) {
    const x = i % W;
    const l = luma[i];
    if (l < Math.max(rule.minLuma, (litAt.get(x) ?? 0) + rule.overLit)) continue;
    const ring = RING.map((d) => luma[i + d]).sort((a, b) => a - b);
    const mean = ring.reduce((a, b) => a + b, 0) / 12;
    if (l - mean < rule.overMean || l - ring[11] < rule.overMax) continue;
    // On the tissue: the ring round it mostly lit tissue too, not a gap between dark hairs, and
    // (where the rule asks) at most a quarter of it lash in the mask pass.
    if ((ring[5] + ring[6]) / 2 < (litAt.get(x) ?? 0) - rule.ringUnderLit) continue;
    if (rule.offLashes && lashy(i) > 3) continue;
    bright[i] = 1;
    over[i] = l - mean;
  }
  const spots = spotsOf(bright, W).map((p) => {
    const xm = (p.xPx - f.centerXPx) / f.pxPerMm;
    const ym = (f.centerYPx - p.yPx) / f.pxPerMm;
    // Its brightest pixel's luma, and the most it stands over its ring (flagged pixels in its box).
    let peakLuma = 0;
    let overRing = 0;
    for (let y = Math.floor(p.yPx - p.heightPx); y <= Math.ceil(p.yPx + p.heightPx); y++) {
      for (let x = Math.floor(p.xPx - p.widthPx); x <= Math.ceil(p.xPx + p.widthPx); x++) {
        if (!bright[y * W + x]) continue;
        peakLuma = Math.max(peakLuma, luma[y * W + x]);
        overRing = Math.max(overRing, over[y * W + x]);
      }
    }
    return { xMm: xm, yMm: ym, overLowerMm: ym - m.lowerMm(xm), underUpperMm: m.upperMm(xm) - ym, pixels: p.pixels, peakLuma, overRing };
  });
  return { irisXMm: (iris.xPx - f.centerXPx) / f.pxPerMm, irisYMm: (f.centerYPx - iris.yPx) / f.pxPerMm, fissureMm: m.xMedialMm - m.xLateralMm, spots };
}

/**
 * Per column across the fissure (t 0.1–0.85): the brightest luma within 0.3 mm over the lower margin
 * (`peak`) and the globe's luma behind it (`globe`: the median 0.32–0.5 mm over the margin). The
 * meniscus's two readings below are made from these.
 */
function meniscusColumns(spec: Spec): { columns: { peak: number; globe: number }[]; pxPerMm: number } {
  const s = sampleOf(spec);
  const { m } = marginsOf(s);
  const f = eyeFrame(W, H);
  const c = passOf(s, 'color');
  const x0 = Math.ceil(xPx(f, m.xLateralMm + 0.1 * (m.xMedialMm - m.xLateralMm)));
  const x1 = Math.floor(xPx(f, m.xLateralMm + 0.85 * (m.xMedialMm - m.xLateralMm)));
  const lumaAt = (x: number, y: number): number => {
    const i = (y * W + x) * 4;
    return 0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2];
  };
  const reach = Math.ceil(0.3 * f.pxPerMm);
  const columns: { peak: number; globe: number }[] = [];
  for (let x = x0; x <= x1; x++) {
    const y0 = Math.round(yPx(f, m.lowerMm((x + 0.5 - f.centerXPx) / f.pxPerMm)));
    let peak = 0;
    for (let y = y0 - reach; y <= y0 + 1; y++) peak = Math.max(peak, lumaAt(x, y));
    const globe: number[] = [];
    for (let y = y0 - Math.round(0.5 * f.pxPerMm); y <= y0 - Math.round(0.32 * f.pxPerMm); y++) globe.push(lumaAt(x, y));
    columns.push({ peak, globe: globe.sort((a, b) => a - b)[Math.floor(globe.length / 2)] });
  }
  return { columns, pxPerMm: f.pxPerMm };
}

/**
 * The meniscus's light along the lower lid, from the colour frame (meniscusColumns): a column is lit
 * where its peak has gone 45 % of the way from the globe's luma to white (a clear film over the globe
 * lifts it far less). The lit runs (2 px and longer) are the highlight's pieces: their lengths and
 * start-to-start pitches (mm). And the share of columns whose peak has gone at least 15 % of the way:
 * where a line of light runs at all.
 */
exposed.tearHighlights = (spec: Spec) => {
  const { columns, pxPerMm } = meniscusColumns(spec);
  const lit = columns.map(({ peak, globe: g }) => (peak - g >= 0.45 * (255 - g) ? 1 : 0));
  const line = columns.filter(({ peak, globe: g }) => peak - g >= 0.15 * (255 - g)).length;
  const pieces: { startMm: number; lengthMm: number }[] = [];
  let start = -1;
  for (let k = 0; k <= lit.length; k++) {
    if (k < lit.length && lit[k]) {
      if (start < 0) start = k;
    } else if (start >= 0) {
      if (k - start >= 2) pieces.push({ startMm: start / pxPerMm, lengthMm: (k - start) / pxPerMm });
      start = -1;
    }
  }
  return { lineShare: line / lit.length, lengthsMm: pieces.map((p) => p.lengthMm), pitchesMm: pieces.slice(1).map((p, k) => p.startMm - pieces[k].startMm) };
};

/**
 * The meniscus's light along the lower lid, column by column (meniscusColumns): the peak as a share
 * of the way from the white/iris beneath to white. A solid stroke is lit all along; beads are lit in
 * short separate runs.
 */
exposed.meniscusProfile = (spec: Spec) => {
  const { columns, pxPerMm } = meniscusColumns(spec);
  return { share: columns.map(({ peak, globe: g }) => (peak - g) / Math.max(1, 255 - g)), pxPerMm };
};

/**
 * The waterline's colour across and along the lower margin: per column, the mean colour of the wet
 * inner strip (0.03–0.12 mm under the margin) and of the outer strip toward the lash line (0.26–0.36
 * mm under it), as [t, R, G, B] rows (t 0 lateral … 1 medial, 0.15–0.88).
 */
exposed.waterlineColour = (spec: Spec) => {
  const s = sampleOf(spec);
  const { m } = marginsOf(s);
  const f = eyeFrame(W, H);
  const c = passOf(s, 'color');
  const span = m.xMedialMm - m.xLateralMm;
  const strip = (x: number, fromMm: number, toMm: number): number[] => {
    const xMm = (x + 0.5 - f.centerXPx) / f.pxPerMm;
    const ya = Math.round(yPx(f, m.lowerMm(xMm) - fromMm));
    const yb = Math.round(yPx(f, m.lowerMm(xMm) - toMm));
    const sum = [0, 0, 0];
    for (let y = ya; y <= yb; y++) for (let k = 0; k < 3; k++) sum[k] += c[(y * W + x) * 4 + k];
    return sum.map((v) => v / (yb - ya + 1));
  };
  const inner: number[][] = [];
  const outer: number[][] = [];
  for (let x = Math.ceil(xPx(f, m.xLateralMm + 0.15 * span)); x <= Math.floor(xPx(f, m.xLateralMm + 0.88 * span)); x++) {
    const t = ((x + 0.5 - f.centerXPx) / f.pxPerMm - m.xLateralMm) / span;
    inner.push([t, ...strip(x, 0.03, 0.12)]);
    outer.push([t, ...strip(x, 0.26, 0.36)]);
  }
  return { inner, outer };
};

/**
 * Across the lower margin, the colour frame's luma by height over it (1-px rows from 0.6 mm above it,
 * on the globe, to 1.2 mm below, on the skin), each row the median over the columns of the fissure's
 * t 0.15–0.85 (away from the corners and the lashes' clumps, whose hairs the median leaves out).
 */
exposed.lowerMarginProfile = (spec: Spec) => {
  const s = sampleOf(spec);
  const { m } = marginsOf(s);
  const f = eyeFrame(W, H);
  const c = passOf(s, 'color');
  const x0 = Math.ceil(xPx(f, m.xLateralMm + 0.15 * (m.xMedialMm - m.xLateralMm)));
  const x1 = Math.floor(xPx(f, m.xLateralMm + 0.85 * (m.xMedialMm - m.xLateralMm)));
  const above = Math.round(0.6 * f.pxPerMm);
  const below = Math.round(1.2 * f.pxPerMm);
  const rows: number[][] = Array.from({ length: above + below + 1 }, () => []);
  for (let x = x0; x <= x1; x++) {
    const y0 = Math.round(yPx(f, m.lowerMm((x + 0.5 - f.centerXPx) / f.pxPerMm)));
    for (let k = -above; k <= below; k++) rows[k + above].push(lumaAt(c, ((y0 + k) * W + x) * 4));
  }
  const med = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
  // Height over the margin (mm, + up) and the median luma there.
  return rows.map((v, k) => [(above - k) / f.pxPerMm, med(v)]);
};
