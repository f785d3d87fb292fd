import { drawEye } from '../../render/draw-eye.ts';
import { drawBrowMask } from '../../render/layers/brow-mask.ts';
import { eyeFrame } from '../../render/geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from '../../render/geometry/iris-pose.ts';
import { gazeSample } from '../eye-samples.ts';
import { MASK_BROW, MASK_PUPIL, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EraId } from '../../scene/scene.ts';
import { PAGE_SIZE, context2d, drawPasses, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

exposed.topRows = (era: EraId, browLiftMm: number, rows: number) => {
  const ctx = context2d(W, H);
  drawEye(ctx, gazeSample(0, 0, { browLiftMm }), { width: W, height: H, era, pass: 'color' });
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
