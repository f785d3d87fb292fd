import { eyeFrame, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { creaseMm } from '../../render/geometry/crease.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { lidInputs } from '../../render/geometry/lid-inputs.ts';
import { lidMargins } from '../../render/geometry/lid-margins.ts';
import { blinkSample, gazeSample } from '../eye-samples.ts';
import { MASK_CARUNCLE, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EyeSample } from '../../model/types.ts';
import { PAGE_SIZE, drawPass, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

function passOf(s: EyeSample, pass: 'color' | 'mask') {
  return drawPass(s, '2026', pass);
}

/** Opening pixels per column of the mask (any class inside the opening). */
function openingHeights(d: Uint8ClampedArray) {
  const h = new Float64Array(W);
  for (let x = 0; x < W; x++) {
    let n = 0;
    for (let y = 0; y < H; y++) {
      const i = (y * W + x) * 4;
      if (classifyMaskPixel(d[i], d[i + 1], d[i + 2]).opening) n++;
    }
    h[x] = n;
  }
  return h;
}

exposed.corners = () => {
  const f = eyeFrame(W, H);
  const d = passOf(gazeSample(0, 0), 'mask');
  const h = openingHeights(d);
  let xl = 0;
  while (xl < W && h[xl] === 0) xl++;
  let xm = W - 1;
  while (xm > 0 && h[xm] === 0) xm--;
  // Height at a distance from the tip (mm), interpolated between columns (px → mm).
  const atL = (dMm: number) => {
    const x = xl + dMm * f.pxPerMm;
    const i = Math.floor(x);
    return (h[i] + (h[i + 1] - h[i]) * (x - i)) / f.pxPerMm;
  };
  const atM = (dMm: number) => {
    const x = xm + 1 - dMm * f.pxPerMm;
    const i = Math.floor(x);
    return (h[i] + (h[i + 1] - h[i]) * (x - i)) / f.pxPerMm;
  };
  const slope = (atL(1.2) - atL(0.4)) / 0.8;
  let caruncle = 0;
  for (let i = 0; i < (W * H); i++) if (classifyMaskPixel(d[4 * i], d[4 * i + 1], d[4 * i + 2]) === MASK_CARUNCLE) caruncle++;
  return {
    lateralSoftness: atL(0.15) / atL(0.6),
    lateralAngleDeg: (2 * Math.atan(slope / 2) * 180) / Math.PI,
    medialAt02Mm: atM(0.2),
    caruncleMm2: caruncle / (f.pxPerMm * f.pxPerMm),
  };
};

exposed.shutLid = (closure: number) => {
  const f = eyeFrame(W, H);
  const s = blinkSample(closure);
  const c = passOf(s, 'color');
  const m = lidMargins(lidInputs(s, irisPose(s)), lidInputs(s, irisPose(s)));
  const luma = (x: number, y: number) => {
    const i = (y * W + x) * 4;
    return 0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2];
  };
  const mean = (x: number, y0: number, y1: number) => {
    let s = 0;
    for (let y = Math.round(y0); y < Math.round(y1); y++) s += luma(x, y);
    return s / (Math.round(y1) - Math.round(y0));
  };
  const x0 = Math.round(xPx(f, -8));
  const x1 = Math.round(xPx(f, 8));
  const mm = f.pxPerMm;
  const steps = [];
  const lid = [];
  let clearMm = Infinity;
  for (let x = x0; x <= x1; x++) {
    const xMm = (x + 0.5 - f.centerXPx) / mm;
    const cy = yPx(f, creaseMm(xMm));
    steps.push(mean(x, cy - 1 * mm, cy - 0.25 * mm) - mean(x, cy + 0.25 * mm, cy + 1 * mm));
    lid.push(mean(x, cy + 0.2 * mm, cy + 1.2 * mm));
    clearMm = Math.min(clearMm, creaseMm(xMm) - m.upperMm(xMm));
  }
  // The step over 9 columns (0.3 mm: the arc, not a pore), and the lid's jumps over 2 columns.
  let arc = 0;
  for (let i = 4; i < steps.length - 4; i++) {
    let s = 0;
    for (let k = -4; k <= 4; k++) s += steps[i + k];
    arc = Math.max(arc, s / 9);
  }
  // A seam down the lid: the lid's mean luma (0.2–1.2 mm under the crease, where the skin from the
  // fold shows) jumping from one column to the next, over the middle 2 mm (where the old fold skin
  // changed its donor side) against the median jump.
  const jumps = [];
  let seam = 0;
  for (let i = 0; i + 1 < lid.length; i++) {
    const j = Math.abs(lid[i + 1] - lid[i]);
    jumps.push(j);
    if (Math.abs(x0 + i + 1 - f.centerXPx) < mm) seam = Math.max(seam, j);
  }
  jumps.sort((a, b) => a - b);
  return { arc, seam, typicalJump: jumps[Math.floor(jumps.length / 2)], clearMm };
};
