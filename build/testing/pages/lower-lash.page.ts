import { drawEye } from '../../render/draw-eye.ts';
import { eyeFrame, xMmOf, xPx, yMmOf, yPx } from '../../render/geometry/eye-frame.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { lidInputs } from '../../render/geometry/lid-inputs.ts';
import { lidMargins } from '../../render/geometry/lid-margins.ts';
import { blinkSample, gazeSample } from '../eye-samples.ts';
import { MASK_LASH, MASK_SKIN, classifyMaskPixel } from '../../render/mask-colors.ts';
import { drawLashCurves, lashCurvesPx } from '../../render/layers/lashes.ts';
import { FACE_SKIN_RGB } from '../../render/assets/skin.ts';
import { PAGE_SIZE, context2d, exposed, lumaAt } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

interface Clump {
  top: number;
  bottom: number;
  px: number;
  deepX: number;
  runs: number;
  rootX: number;
}

// The mask's lash class below the lower margin over the fissure's middle 80 %, at rest or in a
// down-gaze, an up-gaze or a half blink: its clumps (connected patches), their hairs (runs along the
// row 0.22 mm under the margin), spacing, reach and lean, and the patches that start off the margin.
exposed.lowerLashes = (kind: 'rest' | 'down' | 'up' | 'blink') => {
  const f = eyeFrame(W, H);
  const s = kind === 'down' ? gazeSample(0, -25) : kind === 'up' ? gazeSample(0, 20) : kind === 'blink' ? blinkSample(0.5) : gazeSample(0, 0);
  const ctx = context2d(W, H);
  drawEye(ctx, s, { width: W, height: H, era: '2026', pass: 'mask' });
  const m = ctx.getImageData(0, 0, W, H).data;
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const isLash = (x: number, y: number) => { const i = (y * W + x) * 4; return classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_LASH; };
  const xa = Math.round(xPx(f, mg.xLateralMm + 0.1 * (mg.xMedialMm - mg.xLateralMm)));
  const xb = Math.round(xPx(f, mg.xLateralMm + 0.9 * (mg.xMedialMm - mg.xLateralMm)));
  // Lash pixels more than 0.08 mm below the margin, down to 3.5 mm: their depth below it (mm), on the
  // mask grown by a pixel (a hair thinner than a pixel breaks up in the flat mask; the tips of a clump
  // meet within a hair's breadth).
  const depth = new Float32Array(W * H).fill(-1);
  const lashNear = (x: number, y: number) => { for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (isLash(x + dx, y + dy)) return true; return false; };
  for (let x = xa; x < xb; x++) {
    const ym = mg.lowerMm(xMmOf(f, x + 0.5));
    for (let y = Math.floor(yPx(f, ym)); y < Math.min(H - 1, yPx(f, ym - 3.5)); y++) {
      const d = ym - yMmOf(f, y + 0.5);
      if (d > 0.08 && lashNear(x, y)) depth[y * W + x] = d;
    }
  }
  // Connected patches (8-neighbours).
  const label = new Int32Array(W * H).fill(-1);
  const clumps: Clump[] = [];
  for (let i = 0; i < depth.length; i++) {
    if (depth[i] < 0 || label[i] >= 0) continue;
    const id = clumps.length;
    const k = { top: Infinity, bottom: 0, px: 0, deepX: 0 };
    const stack = [i];
    label[i] = id;
    while (stack.length) {
      const j = stack.pop()!;
      k.top = Math.min(k.top, depth[j]);
      if (depth[j] > k.bottom) { k.bottom = depth[j]; k.deepX = j % W; }
      k.px++;
      const x = j % W, y = (j / W) | 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const n = (y + dy) * W + x + dx;
        if (x + dx < xa || x + dx >= xb || y + dy < 0 || y + dy >= H || depth[n] < 0 || label[n] >= 0) continue;
        label[n] = id;
        stack.push(n);
      }
    }
    clumps.push({ ...k, runs: 0, rootX: 0 });
  }
  // Runs along the row 0.22 mm under the margin: the hairs near their roots.
  let runs = 0;
  let prev = -1;
  for (let x = xa; x < xb; x++) {
    const y = Math.round(yPx(f, mg.lowerMm(xMmOf(f, x + 0.5)) - 0.22));
    const id = isLash(x, y) ? label[y * W + x] : -1;
    if (id >= 0 && id !== prev) { clumps[id].runs++; clumps[id].rootX += x; runs++; }
    prev = id;
  }
  const rooted = clumps.filter((k) => k.runs > 0 && k.px >= 4).map((k) => ({ ...k, rootX: k.rootX / k.runs }));
  rooted.sort((p, q) => p.rootX - q.rootX);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const cv = (v: number[]) => { const mu = mean(v); return Math.sqrt(mean(v.map((x) => (x - mu) ** 2))) / mu; };
  const gaps = rooted.slice(1).map((k, i) => k.rootX - rooted[i].rootX);
  // Each clump's lean: from its roots to its deepest point, rad from straight down; and how it differs
  // from its neighbour's (a comb's strokes turn together along the row).
  const lean = rooted.map((k) => Math.atan2((k.deepX - k.rootX) / f.pxPerMm, k.bottom));
  const turns = lean.slice(1).map((a, i) => a - lean[i]);
  const hairs = rooted.reduce((a, k) => a + k.runs, 0);
  // Patches big enough to be a hair (not a stray antialiased pixel) that start far from the margin.
  const detached = clumps.filter((k) => k.px >= 6 && k.top > 0.45).length;
  return {
    fissureMm: (xb - xa) / f.pxPerMm,
    hairs,
    clumps: rooted.length,
    sizes: rooted.map((k) => k.runs),
    gapCv: cv(gaps),
    lengthCv: cv(rooted.map((k) => k.bottom)),
    meanLengthMm: mean(rooted.map((k) => k.bottom)),
    leanStepRad: Math.sqrt(mean(turns.map((t) => t * t))),
    detached,
  };
};

// Does the mask's lash class cover what the colour pass paints as hair? Both rows' hairs of one sample
// drawn alone over flat skin, as the colour pass draws them (over the face's skin colour) and as the
// mask draws them (over the skin class): every pixel the colour hair changes by more than `levels` of
// luma that the mask reads as skin, and how far the farthest of them lies from the mask's lash class
// (px, Chebyshev: the picture test grows the lash class by a square). Both are drawn COVER_PAD_PX past
// the frame on every side and only the frame's pixels are counted: a hair running just outside the
// frame's edge (a shut lid's longest upper hair, hanging to its bottom row) antialiases into the
// edge row while its mask class lies just outside, where a search cut at the edge could not see it.
const COVER_PAD_PX = 8;
exposed.lashCover = (kind: 'rest' | 'down' | 'up' | 'blink' | 'shut', levels: number) => {
  const f = eyeFrame(W, H);
  const s = kind === 'down' ? gazeSample(0, -25) : kind === 'up' ? gazeSample(0, 20) : kind === 'blink' ? blinkSample(0.5) : kind === 'shut' ? blinkSample(1) : gazeSample(0, 0);
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const curves = lashCurvesPx(f, mg, 0);
  const P = COVER_PAD_PX;
  const PW = W + 2 * P;
  const PH = H + 2 * P;
  const colour = context2d(PW, PH);
  colour.fillStyle = `rgb(${FACE_SKIN_RGB.join(', ')})`;
  colour.fillRect(0, 0, PW, PH);
  colour.translate(P, P);
  drawLashCurves(colour, curves);
  const mask = context2d(PW, PH);
  mask.fillStyle = MASK_SKIN.css;
  mask.fillRect(0, 0, PW, PH);
  mask.translate(P, P);
  drawLashCurves(mask, curves, MASK_LASH.css);
  const c = colour.getImageData(0, 0, PW, PH).data;
  const m = mask.getImageData(0, 0, PW, PH).data;
  const skinLuma = lumaAt(Uint8ClampedArray.from(FACE_SKIN_RGB), 0);
  const lash = new Uint8Array(PW * PH);
  for (let i = 0; i < PW * PH; i++) lash[i] = classifyMaskPixel(m[i * 4], m[i * 4 + 1], m[i * 4 + 2]) === MASK_LASH ? 1 : 0;
  let hair = 0;
  let uncovered = 0;
  let farthestPx = 0;
  let worstLevels = 0;
  let at = [-1, -1];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y + P) * PW + x + P;
      const d = Math.abs(lumaAt(c, i * 4) - skinLuma);
      if (d <= levels) continue;
      hair++;
      if (lash[i]) continue;
      uncovered++;
      // The nearest lash-class pixel, by growing squares (none within 40 px counts as 40).
      let r = 1;
      search: for (; r < 40; r++) {
        for (let dy = -r; dy <= r; dy++) {
          for (let dx = -r; dx <= r; dx++) {
            if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
            const xx = x + P + dx;
            const yy = y + P + dy;
            if (xx >= 0 && yy >= 0 && xx < PW && yy < PH && lash[yy * PW + xx]) break search;
          }
        }
      }
      if (r > farthestPx || (r === farthestPx && d > worstLevels)) {
        farthestPx = r;
        worstLevels = d;
        at = [x, y];
      }
    }
  }
  return { hair, uncovered, farthestPx, farthestMm: farthestPx / f.pxPerMm, worstLevels, at };
};

// How dark each row's hairs read: one row's hairs of a sample at rest drawn alone over flat skin, as
// the colour pass draws them and as the mask draws them; over the mask's lash pixels, each pixel's
// darkness (1 − its luma ÷ the skin's), its median and its 90th percentile (the hairs' cores).
exposed.rowTone = (row: 'upper' | 'lower') => {
  const f = eyeFrame(W, H);
  const s = gazeSample(0, 0);
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const curves = lashCurvesPx(f, mg, 0).filter((c) => c.row === row);
  const colour = context2d(W, H);
  colour.fillStyle = `rgb(${FACE_SKIN_RGB.join(', ')})`;
  colour.fillRect(0, 0, W, H);
  drawLashCurves(colour, curves);
  const mask = context2d(W, H);
  mask.fillStyle = MASK_SKIN.css;
  mask.fillRect(0, 0, W, H);
  drawLashCurves(mask, curves, MASK_LASH.css);
  const c = colour.getImageData(0, 0, W, H).data;
  const m = mask.getImageData(0, 0, W, H).data;
  const skinLuma = lumaAt(Uint8ClampedArray.from(FACE_SKIN_RGB), 0);
  const dark: number[] = [];
  for (let i = 0; i < W * H; i++) {
    if (classifyMaskPixel(m[i * 4], m[i * 4 + 1], m[i * 4 + 2]) !== MASK_LASH) continue;
    dark.push(1 - lumaAt(c, i * 4) / skinLuma);
  }
  dark.sort((a, b) => a - b);
  const q = (p: number) => dark[Math.min(dark.length - 1, Math.floor(p * dark.length))];
  return { pixels: dark.length, median: q(0.5), p90: q(0.9) };
};
