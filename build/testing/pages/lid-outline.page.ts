import type { EyeFrame } from '../../render/geometry/eye-frame.ts';
import { eyeFrame, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { creaseMm } from '../../render/geometry/crease.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { lidInputs } from '../../render/geometry/lid-inputs.ts';
import type { LidMargins } from '../../render/geometry/lid-margins.ts';
import { lidMargins } from '../../render/geometry/lid-margins.ts';
import { blinkSample, gazeSample } from '../eye-samples.ts';
import { MASK_CARUNCLE, MASK_SKIN, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EyeSample } from '../../model/types.ts';
import { PAGE_SIZE, boxBlur, drawPass, exposed, lumaAt, whiteLumaP90 } from './page-kit.ts';
import { bandTexture, maskRegion } from './band-texture.ts';
import { spotsOf } from './spots.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

function passOf(s: EyeSample, pass: 'color' | 'mask') {
  // The eye's own shading, before the camera's grain (View.grain).
  return drawPass(s, '2026', pass, false);
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

/**
 * The mask's opening per column: its first row and one past its last (−1 where the column holds none),
 * and one past the last column that holds any.
 */
function openingEdges(d: Uint8ClampedArray): { top: Int32Array; bottom: Int32Array; end: number } {
  const top = new Int32Array(W).fill(-1);
  const bottom = new Int32Array(W).fill(-1);
  let end = -1;
  for (let x = 0; x < W; x++) {
    for (let y = 0; y < H; y++) {
      const i = (y * W + x) * 4;
      if (!classifyMaskPixel(d[i], d[i + 1], d[i + 2]).opening) continue;
      if (top[x] < 0) top[x] = y;
      bottom[x] = y + 1;
      end = x + 1;
    }
  }
  return { top, bottom, end };
}

// The medial end's rounding, from the mask: each margin's edge per column (the first and last opening
// row), its direction (least squares, degrees from the horizontal) near the end (0.03–0.17 mm in) and
// farther in (0.3–0.6 mm), and how far each turns between the two. Two straight edges into a point (or a
// flat nose) barely turn; a round pocket's edges turn through most of their way to the vertical there
// (a circle of 0.9 mm: ~33° each). `kind`: the sample's gaze or blink.
exposed.medialPocket = (kind: 'rest' | 'down' | 'up' | 'blink') => {
  const s = kind === 'down' ? gazeSample(0, -25) : kind === 'up' ? gazeSample(0, 20) : kind === 'blink' ? blinkSample(0.5) : gazeSample(0, 0);
  const f = eyeFrame(W, H);
  const { top, bottom, end } = openingEdges(passOf(s, 'mask'));
  // An edge's direction over the columns from a to b mm from the end, degrees from the horizontal,
  // signed so that both margins rise toward the vertical as they near the end.
  const direction = (edge: Int32Array, sign: number, a: number, b: number) => {
    let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (let x = Math.ceil(end - b * f.pxPerMm - 0.5); x <= end - a * f.pxPerMm - 0.5; x++) {
      const dx = end - (x + 0.5);
      const y = sign * edge[x];
      n++; sx += dx; sy += y; sxx += dx * dx; sxy += dx * y;
    }
    const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    return (Math.atan(slope) * 180) / Math.PI;
  };
  const upperNear = direction(top, -1, 0.03, 0.17);
  const upperFar = direction(top, -1, 0.3, 0.6);
  const lowerNear = direction(bottom, 1, 0.03, 0.17);
  const lowerFar = direction(bottom, 1, 0.3, 0.6);
  return {
    upperNear, upperFar, lowerNear, lowerFar,
    upperTurnDeg: upperNear - upperFar,
    lowerTurnDeg: lowerNear - lowerFar,
    nearAngleDeg: upperNear + lowerNear,
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

/**
 * Dark marks on a shut lid: of the lid's skin from 0.3 mm under the crease to 0.8 mm above the shut
 * margin, over the middle 16 mm, the share of pixels 8 or more levels of luma under the mean of the
 * ±0.3 mm box round them (a groove, a squiggle, a pore or a furrow of the skin's micro-relief), the
 * share of those in marks LONG_MARK_MM or longer (a crease or a squiggle), and the pixels
 * measured. Only skin counts: a pixel whose mask class, or a neighbour's, is not skin (a lash,
 * its rim) is left out, so an open lid's fringe is not read as marks.
 */
exposed.shutLidMarks = (closure: number) => lidMarks(blinkSample(closure));

/** The same marks on a lid lowered by looking down `pitchDeg` (its skin stretched over the globe, as 2009's phone holds it all film long). */
exposed.loweredLidMarks = (pitchDeg: number) => lidMarks(gazeSample(0, pitchDeg));

function lidMarks(s: EyeSample) {
  const f = eyeFrame(W, H);
  const c = passOf(s, 'color');
  // Only the lid's skin: no hair (the mask's skin class, its lashes and their 1-px rims left out).
  const k = passOf(s, 'mask');
  const skin = (i: number) => classifyMaskPixel(k[4 * i], k[4 * i + 1], k[4 * i + 2]) === MASK_SKIN;
  const m = lidMargins(lidInputs(s, irisPose(s)), lidInputs(s, irisPose(s)));
  const L = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) L[i] = lumaAt(c, 4 * i);
  const mean = boxBlur(L, Math.max(1, Math.round(0.3 * f.pxPerMm)));
  // Pale blotches a millimetre across in the 3 mm under the crease (where a lowered lid shows the skin
  // that lay in the fold): the ±0.3 mm mean 2+ levels over the ±1.2 mm mean.
  const wide = boxBlur(L, Math.round(1.2 * f.pxPerMm));
  let pixels = 0;
  let dark = 0;
  let blotch = 0;
  const darkAt = new Uint8Array(W * H);
  for (let x = Math.round(xPx(f, -8)); x <= Math.round(xPx(f, 8)); x++) {
    const xMm = (x + 0.5 - f.centerXPx) / f.pxPerMm;
    const [y0, y1] = lidRows(f, m, xMm);
    const foldEnd = yPx(f, creaseMm(xMm) - 3);
    for (let y = y0; y < y1; y++) {
      if (![-1, 0, 1].every((d) => skin((y + d) * W + x) && skin(y * W + x + d))) continue;
      pixels++;
      if (mean[y * W + x] - L[y * W + x] >= 8) [dark, darkAt[y * W + x]] = [dark + 1, 1];
      if (y < foldEnd && mean[y * W + x] - wide[y * W + x] >= 2) blotch++;
    }
  }
  // (The marks lie in the middle 16 mm, clear of the frame's edges, as spotsOf needs.)
  const long = spotsOf(darkAt, W)
    .filter((p) => Math.hypot(p.widthPx, p.heightPx) >= LONG_MARK_MM * f.pxPerMm)
    .reduce((n, p) => n + p.pixels, 0);
  return { pixels, darkShare: dark / Math.max(1, pixels), longDarkShare: long / Math.max(1, pixels), blotchShare: blotch / Math.max(1, pixels) };
}

/** A dark mark this long (mm, its bounding box's diagonal) is a line: a crease or a squiggle, not a pore or a furrow's short cut. */
const LONG_MARK_MM = 0.5;

/** The lid's skin rows in the column at xMm (px, from y0 to before y1): 0.3 mm under the crease to 0.8 mm over the upper margin. */
function lidRows(f: EyeFrame, m: LidMargins, xMm: number): [number, number] {
  return [Math.ceil(yPx(f, creaseMm(xMm) - 0.3)), Math.floor(yPx(f, m.upperMm(xMm) + 0.8))];
}

/**
 * The lid's skin texture looking down `pitchDeg`: bandTexture's 0.1–0.3 mm luma (median over 0.3 mm
 * tiles) on the lid's skin as lidMarks reads it (lidRows over the middle 16 mm), eroded 0.1 mm from anything not skin (lashes, their rims).
 */
exposed.lidSkinTexture = (pitchDeg: number) => {
  const s = gazeSample(0, pitchDeg);
  const f = eyeFrame(W, H);
  const skin = maskRegion(passOf(s, 'mask'), MASK_SKIN.name, Math.round(0.1 * f.pxPerMm));
  const m = lidMargins(lidInputs(s, irisPose(s)), lidInputs(s, irisPose(s)));
  const lid = new Uint8Array(W * H);
  for (let x = Math.round(xPx(f, -8)); x <= Math.round(xPx(f, 8)); x++) {
    const xMm = (x + 0.5 - f.centerXPx) / f.pxPerMm;
    const [y0, y1] = lidRows(f, m, xMm);
    for (let y = y0; y < y1; y++) lid[y * W + x] = skin[y * W + x];
  }
  return bandTexture(passOf(s, 'color'), lid, f.pxPerMm).lumaMedian;
};

/** Both passes of the 2026 eye looking `pitchDeg` up, and the mask's opening edges per column. */
function gazePasses(pitchDeg: number) {
  const s = gazeSample(0, pitchDeg);
  const c = passOf(s, 'color');
  const m = passOf(s, 'mask');
  return { c, m, ...openingEdges(m) };
}

// The lateral corner in the colour pass (2026, looking `pitchDeg` up), from the angle (the mask's
// opening's lateral end) inward, every 0.05 mm to 2 mm in: the redness, (R − B) over the mean of R, G
// and B over 3 rows, on the opening's middle row (halfway between its first and last opening pixels in
// each column). NaN where a column holds no opening (a down-gaze's angle can be a stray pixel).
exposed.lateralCorner = (pitchDeg = 0) => {
  const f = eyeFrame(W, H);
  const { c, top, bottom } = gazePasses(pitchDeg);
  const mm = f.pxPerMm;
  const xl = top.findIndex((y) => y >= 0);
  const rednessAt = (x: number) => {
    if (top[x] < 0) return Number.NaN;
    const y0 = Math.round((top[x] + bottom[x] - 1) / 2);
    let sum = 0;
    for (let y = y0 - 1; y <= y0 + 1; y++) {
      const i = (y * W + x) * 4;
      sum += (c[i] - c[i + 2]) / Math.max(1, (c[i] + c[i + 1] + c[i + 2]) / 3);
    }
    return sum / 3;
  };
  const middle: number[] = [];
  for (let k = 1; k <= 40; k++) middle.push(rednessAt(Math.round(xl + k * 0.05 * mm)));
  return middle;
};

// How bright the white stays toward the lateral end: the colour pass's luma on the opening's middle
// row (3 rows), 1.0–1.5 mm in from the angle, over the 90th percentile of the white's luma (every
// sclera pixel of the mask). The contact shadow at full strength into the corner made it a grey wedge.
exposed.lateralWhite = (pitchDeg = 0) => {
  const f = eyeFrame(W, H);
  const { c, m, top, bottom } = gazePasses(pitchDeg);
  const p90 = whiteLumaP90(c, m);
  const xl = top.findIndex((y) => y >= 0);
  let sum = 0;
  let n = 0;
  for (let x = Math.round(xl + 1.0 * f.pxPerMm); x <= Math.round(xl + 1.5 * f.pxPerMm); x++) {
    if (top[x] < 0) continue;
    const y0 = Math.round((top[x] + bottom[x] - 1) / 2);
    for (let y = y0 - 1; y <= y0 + 1; y++) {
      sum += lumaAt(c, (y * W + x) * 4);
      n++;
    }
  }
  return { share: sum / n / p90, p90 };
};

// The recess at the lateral angle (colour pass, 2026, looking `pitchDeg` up): the mean luma of the
// opening's pixels (every row the mask opens) in its last 0.4 mm over the 90th percentile of the
// white's luma; and the skin on the angle's row (±0.15 mm) 0.1–0.5 mm out from the angle over the
// same rows 1.5–2.5 mm out.
exposed.lateralRecess = (pitchDeg = 0) => {
  const f = eyeFrame(W, H);
  const { c, m, top, bottom } = gazePasses(pitchDeg);
  const p90 = whiteLumaP90(c, m);
  // The angle: the first column of a run of open ones (looking up 8°, one stray open column lies out
  // beyond it, and the 0.4 mm from there held 15 pixels).
  const xl = top.findIndex((y, x) => y >= 0 && top[x + 1] >= 0 && top[x + 2] >= 0 && top[x + 3] >= 0);
  let tip = 0;
  let n = 0;
  for (let x = xl; x < xl + 0.4 * f.pxPerMm; x++) {
    if (top[x] < 0) continue;
    for (let y = top[x]; y < bottom[x]; y++) {
      tip += lumaAt(c, (y * W + x) * 4);
      n++;
    }
  }
  const yTip = Math.round((top[xl] + bottom[xl] - 1) / 2);
  const skin = (fromMm: number, toMm: number) => {
    let sum = 0;
    let k = 0;
    const rows = Math.round(0.15 * f.pxPerMm);
    for (let x = Math.round(xl - toMm * f.pxPerMm); x <= Math.round(xl - fromMm * f.pxPerMm); x++) {
      for (let y = yTip - rows; y <= yTip + rows; y++) {
        sum += lumaAt(c, (y * W + x) * 4);
        k++;
      }
    }
    return sum / k;
  };
  return { tipShare: tip / n / p90, tipPixels: n, skinByAngle: skin(0.1, 0.5) / skin(1.5, 2.5) };
};
