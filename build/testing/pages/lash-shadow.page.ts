import { drawEye } from '../../render/draw-eye.ts';
import { eyeFrame, xMmOf, yMmOf, yPx } from '../../render/geometry/eye-frame.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { lidInputs } from '../../render/geometry/lid-inputs.ts';
import { lidMargins } from '../../render/geometry/lid-margins.ts';
import { UPPER_LASHES } from '../../render/assets/lash-set.ts';
import { lashCurvesPx } from '../../render/layers/lashes.ts';
import { drawLashShadows } from '../../render/layers/lash-shadow.ts';
import { blinkSample, gazeSample } from '../eye-samples.ts';
import { MASK_SCLERA, classifyMaskPixel } from '../../render/mask-colors.ts';
import { PAGE_SIZE, context2d, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

// The upper lashes' shadows drawn alone onto a clear canvas, read where the mask has sclera
// 0.15–1.2 mm under the upper margin: the band's size, the share of it shaded by 10 % or more, the
// darkest opacity there, and how far down (mm, anywhere on the sclera) a 10 % shadow reaches.
exposed.lashShadows = () => {
  const f = eyeFrame(W, H);
  const s = gazeSample(0, 0);
  const mask = context2d(W, H);
  drawEye(mask, s, { width: W, height: H, era: '2026', pass: 'mask' });
  const m = mask.getImageData(0, 0, W, H).data;
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const shadow = context2d(W, H);
  drawLashShadows(shadow, f, mg, lashCurvesPx(f, mg, 0).slice(0, UPPER_LASHES.length));
  const a = shadow.getImageData(0, 0, W, H).data;
  let band = 0, shaded = 0, darkest = 0, reachMm = 0;
  // Along the line 0.5 mm under the upper margin, over the sclera: the streaks it crosses (runs of
  // 10 % shade) and each one's width, so a test can tell thin strands from broad wedges.
  const runsPx: number[] = [];
  let run = 0;
  for (let x = 0; x < W; x++) {
    const y = Math.floor(yPx(f, mg.upperMm(xMmOf(f, x + 0.5)) - 0.5));
    const i = (y * W + x) * 4;
    const onSclera = y >= 0 && y < H && classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_SCLERA;
    if (onSclera && a[i + 3] / 255 >= 0.1) run++;
    else {
      if (run > 0) runsPx.push(run);
      run = 0;
    }
  }
  if (run > 0) runsPx.push(run);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_SCLERA) continue;
      const d = mg.upperMm(xMmOf(f, x + 0.5)) - yMmOf(f, y + 0.5);
      const alpha = a[i + 3] / 255;
      if (alpha >= 0.1) reachMm = Math.max(reachMm, d);
      if (d < 0.15 || d > 1.2) continue;
      band++;
      if (alpha >= 0.1) shaded++;
      darkest = Math.max(darkest, alpha);
    }
  }
  const sorted = [...runsPx].sort((p, q) => p - q);
  const medianStreakPx = sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
  return { band, shadedShare: shaded / band, darkest, reachMm, streaks: runsPx.length, medianStreakPx };
};

// The extent drawLashShadows returns is what the face layer restores before the next lid state: any
// shaded pixel outside it would outlive its state. Over a grid of gazes, lags and closures, the
// shadows drawn alone onto a clear canvas: how many pixels carry any shade outside the extent, and
// how many in all (so a test knows it looked at shadows).
exposed.lashShadowsOutsideExtent = () => {
  const f = eyeFrame(W, H);
  const canvas = context2d(W, H);
  let outside = 0;
  let shaded = 0;
  let states = 0;
  for (const [yawDeg, pitchDeg] of [[0, 0], [-20, 10], [20, -15], [10, 20], [-15, -20]]) {
    for (const closure of [0, 0.5, 0.85]) {
      for (const lagRad of [-0.3, 0, 0.3]) {
        const s = closure ? blinkSample(closure, { yawDeg, pitchDeg }) : gazeSample(yawDeg, pitchDeg);
        const pose = irisPose(s);
        const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
        canvas.clearRect(0, 0, W, H);
        const e = drawLashShadows(canvas, f, mg, lashCurvesPx(f, mg, lagRad).slice(0, UPPER_LASHES.length));
        if (!e) continue;
        states++;
        const a = canvas.getImageData(0, 0, W, H).data;
        for (let y = 0; y < H; y++) {
          for (let x = 0; x < W; x++) {
            if (a[(y * W + x) * 4 + 3] === 0) continue;
            shaded++;
            if (x < Math.floor(e.x0) || x >= Math.ceil(e.x1) || y < Math.floor(e.y0) || y >= Math.ceil(e.y1)) outside++;
          }
        }
      }
    }
  }
  return { states, shaded, outside };
};
