import { drawEye } from '../../render/draw-eye.ts';
import { drawBrowMask } from '../../render/layers/brow-mask.ts';
import { drawBrow, drawnBrowNodesMm } from '../../render/layers/brow.ts';
import { assetsFor } from '../../render/assets/assets-for.ts';
import { browLiftAtMm, browUAt } from '../../render/geometry/brow-shape.ts';
import { eyeFrame, xMmOf } from '../../render/geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from '../../render/geometry/iris-pose.ts';
import { gazeSample } from '../eye-samples.ts';
import { MASK_BROW, MASK_PUPIL, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EraId } from '../../scene/scene.ts';
import { PAGE_SIZE, context2d, drawPasses, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

exposed.topRows = (era: EraId, browLiftMm: number, rows: number) => {
  const ctx = context2d(W, H);
  // Before the camera's grain (View.grain), which would lift a level's difference to three.
  drawEye(ctx, gazeSample(0, 0, { browLiftMm }), { width: W, height: H, era, pass: 'color', grain: false });
  return Array.from(ctx.getImageData(0, 0, W, rows).data);
};

exposed.browRows = (era: EraId, browLiftMm: number) => {
  const ctx = context2d(W, H);
  drawEye(ctx, gazeSample(0, 0, { browLiftMm }), { width: W, height: H, era, pass: 'color' });
  return Array.from(ctx.getImageData(0, 0, W, Math.round(H * 0.35)).data);
};

exposed.browMaskRows = (browLiftMm: number) => {
  const ctx = context2d(W, H);
  const s = gazeSample(0, 0, { browLiftMm });
  drawEye(ctx, s, { width: W, height: H, era: '2026', pass: 'mask' });
  drawBrowMask(ctx, eyeFrame(W, H), s);
  const d = ctx.getImageData(0, 0, W, H).data;
  const rows = new Array<number>(H).fill(0);
  for (let i = 0; i < d.length; i += 4) if (classifyMaskPixel(d[i], d[i + 1], d[i + 2]) === MASK_BROW) rows[Math.floor(i / 4 / W)]++;
  return rows;
};

/** Luminance (BT.709, 0–255) of the pupil's top band (clear of any catchlight), median over its pixels. */
exposed.pupilTopLuma = (era: EraId, pupilMm: number) => {
  const s = gazeSample(0, 0, { pupilMm });
  const f = eyeFrame(W, H);
  const { c, m } = drawPasses(s, era);
  const p = discEllipsePx(f, irisPose(s), s.pupilMm / 2);
  const lumas: number[] = [];
  for (let y = Math.floor(p.yPx - p.radiusYPx); y < p.yPx - 0.6 * p.radiusYPx; y++) {
    for (let x = Math.floor(p.xPx - p.radiusXPx); x <= p.xPx + p.radiusXPx; x++) {
      const i = (y * W + x) * 4;
      // Whole pupil pixels only: the mask says pupil here and at the neighbours (no edge blend).
      const pupilAt = (j: number) => classifyMaskPixel(m[j], m[j + 1], m[j + 2]) === MASK_PUPIL;
      if (!pupilAt(i) || !pupilAt(i - 8) || !pupilAt(i + 8) || !pupilAt(i - W * 8) || !pupilAt(i + W * 8)) continue;
      lumas.push(0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2]);
    }
  }
  lumas.sort((a, b) => a - b);
  return { n: lumas.length, median: lumas[Math.floor(lumas.length / 2)] };
};

// A bending brow (node lifts head → tail, mm) drawn by drawBrow over a transparent frame, against the
// same strips each blitted at its exact sub-pixel lift (the resampled draw drawBrow replaced): how
// many pixels differ, by how much at most (any channel, premultiplied, alpha too), the steepest
// vertical step in the exact strips, and how many pixels differ from the brow held rigid at the
// nodes' mean (so the comparison sees a bend).
exposed.browBend = (nodesMm: number[]) => {
  const f = eyeFrame(W, H);
  const layer = assetsFor(W, H).brow;
  const s = { browLiftMm: nodesMm.reduce((a, b) => a + b, 0) / nodesMm.length, browNodeLiftsMm: nodesMm };
  const drawn = context2d(W, H);
  drawBrow(drawn, f, layer, s);
  const exact = context2d(W, H);
  const nodes = drawnBrowNodesMm(s);
  const c = layer.canvas;
  for (let sx = 0; sx < c.width; sx += 16) {
    const w = Math.min(16, c.width - sx);
    const u = browUAt(xMmOf(f, layer.xPx + sx + w / 2));
    const dy = browLiftAtMm(Math.min(1, Math.max(0, u)), nodes) * f.pxPerMm;
    exact.drawImage(c, sx, 0, w, c.height, layer.xPx + sx, layer.yPx - dy, w, c.height);
  }
  const rigid = context2d(W, H);
  drawBrow(rigid, f, layer, { browLiftMm: s.browLiftMm });
  const a = drawn.getImageData(0, 0, W, H).data;
  const b = exact.getImageData(0, 0, W, H).data;
  const r = rigid.getImageData(0, 0, W, H).data;
  let differ = 0, maxLevels = 0, bent = 0;
  // Premultiplied (colour × alpha), as the pixels composite: a near-transparent pixel's colour is noise.
  const level = (p: Uint8ClampedArray, i: number, k: number) => (k === 3 ? p[i + 3] : (p[i + k] * p[i + 3]) / 255);
  for (let i = 0; i < a.length; i += 4) {
    let d = 0, e = 0;
    for (let k = 0; k < 4; k++) {
      d = Math.max(d, Math.abs(level(a, i, k) - level(b, i, k)));
      e = Math.max(e, Math.abs(level(a, i, k) - level(r, i, k)));
    }
    if (d > 0) differ++;
    if (e > 8) bent++;
    maxLevels = Math.max(maxLevels, d);
  }
  // The steepest step between vertical neighbours in the exact strips: a lift off by δ px moves no pixel
  // by more than δ times it.
  let maxStep = 0;
  for (let i = 0; i + W * 4 < b.length; i += 4) for (let k = 0; k < 4; k++) maxStep = Math.max(maxStep, Math.abs(level(b, i + W * 4, k) - level(b, i, k)));
  return { differ, maxLevels, bent, maxStep };
};
