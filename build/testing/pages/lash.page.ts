import { eyeFrame, xMmOf, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { lidInputs } from '../../render/geometry/lid-inputs.ts';
import { lidMargins } from '../../render/geometry/lid-margins.ts';
import { drawLashCurves, lashCurvesPx, lashPointPx } from '../../render/layers/lashes.ts';
import { blinkSample, gazeSample } from '../eye-samples.ts';
import { onMaskBoundary } from '../../measure/picture/geometry-edge.ts';
import { maskClasses } from '../../measure/picture/mask-classes.ts';
import { lumaOf } from '../../measure/picture/rgba-frame.ts';
import { verticalEdgeRuns, type VerticalEdge } from '../../measure/picture/vertical-edges.ts';
import { MASK_IRIS, MASK_LASH, MASK_SKIN, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EraId } from '../../scene/scene.ts';
import { PAGE_SIZE, context2d, drawPasses, lumaAt, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

/**
 * The open eye at rest in `era`, both passes drawn: the frame, the colour pixels, the iris's pose, the
 * lid margins drawEye drew, and the mask's class at a pixel.
 */
function restEye(era: EraId) {
  const f = eyeFrame(W, H);
  const s = gazeSample(0, 0);
  const { c, m } = drawPasses(s, era);
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const cls = (x: number, y: number) => { const i = (y * W + x) * 4; return classifyMaskPixel(m[i], m[i + 1], m[i + 2]); };
  return { f, c, pose, mg, cls };
}

exposed.lashRows = (era: EraId) => {
  const { f, c, pose, mg, cls } = restEye(era);
  const widths = [];
  const mids = [];
  let runsPerMm = 0, rows = 0;
  let r = 0, g = 0, b = 0, n = 0;
  // Darkness (skin's luma minus the pixel's) on a run's own pixels, and within 2 px beside it on skin.
  let inside = 0, beside = 0;
  const x0Mm = mg.xLateralMm + 0.2 * (mg.xMedialMm - mg.xLateralMm);
  const x1Mm = mg.xLateralMm + 0.8 * (mg.xMedialMm - mg.xLateralMm);
  for (let yMm = 0.8; yMm <= 1.6; yMm += 0.1) {
    rows++;
    let runs = 0;
    for (let xMm = x0Mm; xMm < x1Mm; xMm += 0.5) {
      const y = Math.round(yPx(f, mg.upperMm(xMm) + yMm));
      const xa = Math.round(xPx(f, xMm)), xb = Math.round(xPx(f, xMm + 0.5));
      let x = xa;
      while (x < xb) {
        if (cls(x, y) !== MASK_LASH) { x++; continue; }
        let e = x;
        while (e < xb + 8 && cls(e, y) === MASK_LASH) e++;
        // Only runs with skin on both sides (not a run cut by the strip's ends).
        if (cls(x - 1, y) === MASK_SKIN && cls(e, y) === MASK_SKIN) {
          widths.push((e - x) / f.pxPerMm);
          runs++;
          // The skin's own luma here: the brighter of the two pixels 4 px out.
          const sk = Math.max(lumaAt(c, (y * W + x - 4) * 4), lumaAt(c, (y * W + e + 3) * 4));
          for (let k = x; k < e; k++) inside += Math.max(0, sk - lumaAt(c, (y * W + k) * 4));
          for (const k of [x - 2, x - 1, e, e + 1]) if (cls(k, y) === MASK_SKIN) beside += Math.max(0, sk - lumaAt(c, (y * W + k) * 4));
          const mid = (y * W + ((x + e - 1) >> 1)) * 4;
          r += c[mid]; g += c[mid + 1]; b += c[mid + 2]; n++; mids.push(lumaAt(c, mid));
        }
        x = e;
      }
    }
    runsPerMm += runs / (x1Mm - x0Mm);
  }
  widths.sort((p, q) => p - q);
  mids.sort((p, q) => p - q);
  // The iris's sharpness: its mean horizontal luma step between neighbours, 2.5–4.5 mm out from its centre.
  let step = 0, sn = 0;
  const cx = xPx(f, pose.centerXMm), cy = yPx(f, pose.centerYMm);
  for (let y = Math.round(cy - 1 * f.pxPerMm); y <= cy + 1 * f.pxPerMm; y++) {
    for (let x = Math.round(cx + 2.5 * f.pxPerMm); x < cx + 4.5 * f.pxPerMm; x++) {
      if (cls(x, y) !== MASK_IRIS || cls(x + 1, y) !== MASK_IRIS) continue;
      step += Math.abs(lumaAt(c, (y * W + x + 1) * 4) - lumaAt(c, (y * W + x) * 4)); sn++;
    }
  }
  return {
    medianWidthMm: widths[Math.floor(widths.length / 2)],
    p90WidthMm: widths[Math.floor(widths.length * 0.9)],
    runsPerMm: runsPerMm / rows,
    rgb: [r / n, g / n, b / n],
    darkLuma: mids[Math.floor(mids.length * 0.1)],
    medianLuma: mids[Math.floor(mids.length / 2)],
    besideShare: beside / (inside + beside),
    irisStep: step / sn,
  };
};

/**
 * The upper fringe as a frontal photograph shows it, over the fissure's middle 60 % of the open eye:
 * the band 0–0.4 mm above the upper margin (its lash-class cover in the mask and its mean luma in the
 * colour), and how far the hairs reach above the margin (percentiles of the heights of every
 * lash-class pixel from the margin up to 7 mm, and the 90th percentile of each column's topmost one).
 */
exposed.upperFringe = (era: EraId) => {
  const { f, c, mg, cls } = restEye(era);
  const x0 = Math.round(xPx(f, mg.xLateralMm + 0.2 * (mg.xMedialMm - mg.xLateralMm)));
  const x1 = Math.round(xPx(f, mg.xLateralMm + 0.8 * (mg.xMedialMm - mg.xLateralMm)));
  let band = 0, bandLash = 0, bandLuma = 0;
  let mass = 0, massLash = 0, massLuma = 0;
  const heights: number[] = [];
  const tops: number[] = [];
  for (let x = x0; x < x1; x++) {
    const xMm = mg.xLateralMm + ((x + 0.5 - xPx(f, mg.xLateralMm)) / (xPx(f, mg.xMedialMm) - xPx(f, mg.xLateralMm))) * (mg.xMedialMm - mg.xLateralMm);
    const yMargin = yPx(f, mg.upperMm(xMm));
    let top = 0;
    for (let y = Math.floor(yMargin); y > yMargin - 7 * f.pxPerMm; y--) {
      const hMm = (yMargin - (y + 0.5)) / f.pxPerMm;
      if (hMm < 0) continue;
      const lash = cls(x, y) === MASK_LASH;
      if (hMm <= 0.4) {
        band++;
        if (lash) bandLash++;
        bandLuma += lumaAt(c, (y * W + x) * 4);
      } else if (hMm <= 0.8) {
        mass++;
        if (lash) massLash++;
        massLuma += lumaAt(c, (y * W + x) * 4);
      }
      if (lash) {
        heights.push(hMm);
        top = hMm;
      }
    }
    tops.push(top);
  }
  heights.sort((p, q) => p - q);
  tops.sort((p, q) => p - q);
  const q = (v: number[], p: number) => v[Math.min(v.length - 1, Math.floor(v.length * p))];
  return {
    bandCover: bandLash / band,
    bandLuma: bandLuma / band,
    massCover: massLash / mass,
    massLuma: massLuma / mass,
    p50HeightMm: q(heights, 0.5),
    p90HeightMm: q(heights, 0.9),
    p90TopMm: q(tops, 0.9),
    medianTopMm: q(tops, 0.5),
  };
};

/**
 * The nearly shut lid's straightest lash hair, read as the picture test reads a frame (picture-scene.ts),
 * only where the upper lashes are: a blink `closure` of the way shut, the lid's fringe hanging over
 * the globe. Runs are the colour frame's straight vertical edges beside an upper hair (within 4 px of
 * its curve on most of their rows); one on a boundary of the mask's classes is the geometry seen
 * through the era's blocks and is read on the mask frame instead, as the picture test does.
 */
exposed.closingLashEdge = (era: EraId, closure: number) => {
  const s = blinkSample(closure);
  const { c, m } = drawPasses(s, era);
  const f = eyeFrame(W, H);
  // The margins and lash curves drawEye draws (a fresh canvas: no lag).
  const lids = lidInputs(s, irisPose(s));
  const mg = lidMargins(lids, lids);
  // Where the upper hairs run: each quadratic sampled along its length, grown by 4 px.
  const near = new Uint8Array(W * H);
  for (const h of lashCurvesPx(f, mg).filter((h) => h.row === 'upper')) {
    for (let k = 0; k <= 64; k++) {
      const [px, py] = lashPointPx(h, k / 64);
      const x = Math.round(px);
      const y = Math.round(py);
      for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) if (x + dx >= 0 && x + dx < W && y + dy >= 0 && y + dy < H) near[(y + dy) * W + x + dx] = 1;
    }
  }
  const onLash = (e: VerticalEdge) => {
    let hits = 0;
    for (let y = e.y0Px; y <= e.y1Px; y++) hits += near[y * W + Math.round(e.xPx)];
    return hits >= 0.8 * e.lengthPx;
  };
  const classes = maskClasses({ width: W, height: H, data: m });
  const minPx = Math.round(0.3 * f.pxPerMm);
  const colour = verticalEdgeRuns(lumaOf({ width: W, height: H, data: c }), W, H, f.pxPerMm, {}, minPx).filter((e) => onLash(e) && !onMaskBoundary(e, classes, W));
  const mask = verticalEdgeRuns(lumaOf({ width: W, height: H, data: m }), W, H, f.pxPerMm, {}, minPx).filter(onLash);
  const runs = [...colour, ...mask].sort((p, q) => q.lengthMm - p.lengthMm);
  const e = runs[0];
  return e ? { lengthMm: e.lengthMm, xPx: Math.round(e.xPx), y0Px: e.y0Px, y1Px: e.y1Px } : { lengthMm: 0, xPx: 0, y0Px: 0, y1Px: 0 };
};

/**
 * One hair drawn alone on white (drawLashCurves, the colour pass): the darkness it takes from each row
 * it crosses (255 − luma summed across it), root to tip, one number a row. A hair is one strand:
 * darkest at its root, lighter toward its tip, with no band across it where one of its pieces meets the next.
 */
exposed.hairProfile = (lengthPx: number, widthPx: number, shade: number) => {
  const ctx = context2d(W, H);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, H);
  const x0 = W / 2 + 0.37;
  const y0 = H / 2 + lengthPx / 2 + 0.21;
  // Nearly upright, slightly slanted and bowed (a parabola, written as a cubic): pieces meet across the pixel grid at odd offsets.
  const curve = { x0, y0, c1x: x0 + 0.04 * lengthPx, c1y: y0 - lengthPx / 3, c2x: x0 + 0.07 * lengthPx, c2y: y0 - (2 * lengthPx) / 3, x1: x0 + 0.09 * lengthPx, y1: y0 - lengthPx, widthPx, shade, highlight: 0, row: 'lower' as const, clump: 0, short: false };
  drawLashCurves(ctx, [curve]);
  const d = ctx.getImageData(0, 0, W, H).data;
  // Each row's darkness summed across the hair (255 − luma over ±6 px of its middle): what the hair
  // takes from the white there, whatever the pixel grid cuts it into, root row first.
  const out: number[] = [];
  for (let y = Math.floor(y0) - 1; y > y0 - lengthPx; y--) {
    const u = (y0 - y - 0.5) / lengthPx;
    const xc = Math.round(lashPointPx(curve, u)[0]);
    let dark = 0;
    for (let x = xc - 6; x <= xc + 6; x++) dark += 255 - lumaAt(d, (y * W + x) * 4);
    out.push(dark);
  }
  return out;
};

/**
 * The upper lash line on the lid's skin beside the hairs (mask-skin pixels only), over the fissure's
 * middle 60 % of the open eye at rest: each column's darkness (1 − luma ÷ that column's skin 1.2–1.6 mm
 * above the margin) by height over the margin, in 1-px rows. Returns the median profile over all
 * columns (mm, darkness) and, per 0.5 mm stretch of the lid, the height where that stretch's median
 * profile falls to half its darkness at 0.05–0.2 mm.
 */
exposed.lashLineProfile = (era: EraId) => {
  const { f, c, mg, cls } = restEye(era);
  const rows = Math.round(1.2 * f.pxPerMm);
  const med = (v: number[]) => { const o = v.filter(Number.isFinite).sort((p, q) => p - q); return o.length ? o[Math.floor(o.length / 2)] : NaN; };
  const x0 = Math.round(xPx(f, mg.xLateralMm + 0.2 * (mg.xMedialMm - mg.xLateralMm)));
  const x1 = Math.round(xPx(f, mg.xLateralMm + 0.8 * (mg.xMedialMm - mg.xLateralMm)));
  const cols: number[][] = [];
  for (let x = x0; x < x1; x++) {
    const yMargin = yPx(f, mg.upperMm(xMmOf(f, x + 0.5)));
    const at = (k: number) => Math.floor(yMargin - k - 0.5);
    const skin: number[] = [];
    for (let y = Math.floor(yMargin - 1.6 * f.pxPerMm); y <= yMargin - 1.2 * f.pxPerMm; y++) if (cls(x, y) === MASK_SKIN) skin.push(lumaAt(c, (y * W + x) * 4));
    const ref = med(skin);
    cols.push(Array.from({ length: rows }, (_, k) => (cls(x, at(k)) === MASK_SKIN && ref > 0 ? 1 - lumaAt(c, (at(k) * W + x) * 4) / ref : NaN)));
  }
  const profileOf = (cs: number[][]) => Array.from({ length: rows }, (_, k) => med(cs.map((col) => col[k])));
  const halfHeight = (p: number[]) => {
    const band = med(p.filter((_, k) => k / f.pxPerMm >= 0.05 && k / f.pxPerMm <= 0.2));
    for (let k = 1; k < p.length; k++) if (k / f.pxPerMm > 0.05 && p[k] < band / 2) return k / f.pxPerMm;
    return p.length / f.pxPerMm;
  };
  const stretch = Math.round(0.5 * f.pxPerMm);
  const halves: number[] = [];
  for (let i = 0; i + stretch <= cols.length; i += stretch) halves.push(halfHeight(profileOf(cols.slice(i, i + stretch))));
  return { pxPerMm: f.pxPerMm, profile: profileOf(cols), halves };
};

/**
 * The upper margin's darkest line toward the nose: per column, the darkest skin pixel in the first
 * 0.25 mm above the margin as darkness against the column's skin 1.2–1.6 mm up (lashLineProfile's
 * reading), median over the lash-bearing middle (t 0.3–0.7) and over the lacrimal part, 1–3 mm from the
 * medial canthus, where the margin carries no lashes. 2026 open at rest.
 */
exposed.lacrimalMargin = (era: EraId) => {
  const { f, c, mg, cls } = restEye(era);
  const med = (v: number[]) => { const o = v.filter(Number.isFinite).sort((p, q) => p - q); return o.length ? o[Math.floor(o.length / 2)] : NaN; };
  const darkestAt = (x: number): number => {
    const yMargin = yPx(f, mg.upperMm(xMmOf(f, x + 0.5)));
    const skin: number[] = [];
    for (let y = Math.floor(yMargin - 1.6 * f.pxPerMm); y <= yMargin - 1.2 * f.pxPerMm; y++) if (cls(x, y) === MASK_SKIN) skin.push(lumaAt(c, (y * W + x) * 4));
    const ref = med(skin);
    let dark = NaN;
    for (let k = 0; k <= 0.25 * f.pxPerMm; k++) {
      const y = Math.floor(yMargin - k - 0.5);
      if (cls(x, y) !== MASK_SKIN || !(ref > 0)) continue;
      const d = 1 - lumaAt(c, (y * W + x) * 4) / ref;
      if (!(d <= dark)) dark = d;
    }
    return dark;
  };
  const span = (a: number, b: number) => {
    const out: number[] = [];
    for (let x = Math.round(xPx(f, a)); x < Math.round(xPx(f, b)); x++) out.push(darkestAt(x));
    return { columns: out.filter(Number.isFinite).length, darkness: med(out) };
  };
  const at = (t: number) => mg.xLateralMm + t * (mg.xMedialMm - mg.xLateralMm);
  return { middle: span(at(0.3), at(0.7)), lacrimal: span(mg.xMedialMm - 3, mg.xMedialMm - 1) };
};
