import { gazeSample } from '../eye-samples.ts';
import { MASK_IRIS, MASK_PUPIL, MASK_SCLERA, classifyMaskPixel } from '../../render/mask-colors.ts';
import { eyeFrame } from '../../render/geometry/eye-frame.ts';
import type { EraId } from '../../scene/scene.ts';
import { PAGE_SIZE, drawPasses, lumaAt, exposed } from './page-kit.ts';
import { bandTexture, maskRegion } from './band-texture.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : NaN;
};

/** The pupil's centre and the iris's radius (px) from the mask: the iris's extent along the pupil's row. */
function irisGeometry(m: Uint8ClampedArray): { cx: number; cy: number; rPupil: number; rIris: number } {
  let n = 0, sx = 0, sy = 0;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_PUPIL) { n++; sx += x; sy += y; }
  }
  const cx = sx / n, cy = sy / n;
  const row = Math.round(cy);
  let x0 = W, x1 = 0;
  for (let x = 0; x < W; x++) {
    const i = (row * W + x) * 4;
    const k = classifyMaskPixel(m[i], m[i + 1], m[i + 2]);
    if (k === MASK_IRIS || k === MASK_PUPIL) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); }
  }
  return { cx, cy, rPupil: Math.sqrt(n / Math.PI), rIris: (x1 - x0 + 1) / 2 };
}

// The white's tone in the graded colour frame at rest (issue 18, point 2): the median luma of the
// band beside the limbus on the horizontal meridian (1–4 mm out from the iris, ±1 mm of the pupil's
// row, both sides: the brightest white), of the white further out (4.5–7.5 mm, the globe turning
// away), of the corners (the outer 3 mm of the white's horizontal
// extent either side), and under the upper lid (the top 1 mm of the white in each column 1–4 mm out
// from the iris); and the white's colour there (r − b: ivory is warm, paper white none) and its
// redness (r − g) in the inner corner's 3 mm against the outer's.
exposed.scleraTone = (era: EraId) => {
  const f = eyeFrame(W, H);
  const mm = f.pxPerMm;
  const { c, m } = drawPasses(gazeSample(0, 0), era);
  const g = irisGeometry(m);
  const sclera = (x: number, y: number) => { const i = (y * W + x) * 4; return classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_SCLERA; };
  let xMin = W, xMax = 0;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (sclera(x, y)) { xMin = Math.min(xMin, x); xMax = Math.max(xMax, x); }
  const band: number[] = [], mid: number[] = [], corners: number[] = [], under: number[] = [], warm: number[] = [];
  const redLeft: number[] = [], redRight: number[] = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    if (!sclera(x, y)) continue;
    const i = (y * W + x) * 4;
    const l = lumaAt(c, i);
    const out = Math.abs(x - g.cx) - g.rIris;
    if (out > 1 * mm && out < 4 * mm && Math.abs(y - g.cy) < 1 * mm) { band.push(l); warm.push(c[i] - c[i + 2]); }
    if (out > 4.5 * mm && out < 7.5 * mm && Math.abs(y - g.cy) < 1 * mm) mid.push(l);
    if (x < xMin + 3 * mm) { corners.push(l); redLeft.push(c[i] - c[i + 1]); }
    if (x > xMax - 3 * mm) { corners.push(l); redRight.push(c[i] - c[i + 1]); }
  }
  for (let x = 0; x < W; x++) {
    const out = Math.abs(x - g.cx) - g.rIris;
    if (!(out > 1 * mm && out < 4 * mm)) continue;
    let top = -1;
    for (let y = 0; y < H; y++) if (sclera(x, y)) { top = y; break; }
    if (top < 0) continue;
    for (let y = top; y < top + 1 * mm && y < H; y++) if (sclera(x, y)) under.push(lumaAt(c, (y * W + x) * 4));
  }
  const bright = median(band);
  // The caruncle's side is the inner corner: the side whose corner is redder.
  const [inner, outer] = median(redLeft) > median(redRight) ? [median(redLeft), median(redRight)] : [median(redRight), median(redLeft)];
  return {
    bright,
    mid: median(mid) / bright,
    corners: median(corners) / bright,
    underLid: median(under) / bright,
    warm: median(warm),
    innerRed: inner,
    outerRed: outer,
    n: { band: band.length, corners: corners.length, under: under.length },
  };
};

// The iris's colour in the graded colour frame at rest (issue 18, point 3), over iris pixels clear of
// the reflections (luma under 150) and of the upper lid's shade (below the pupil's row − 0.2 R): the
// median saturation ((max − min) / max) of the ciliary zone (ρ 0.55–0.85 of the way from the pupil's
// edge to the limbus) and of the collarette's zone (ρ 0.1–0.4); the limbal ring's median luma
// (ρ 0.93–0.99) against the ciliary zone's.
exposed.irisTone = (era: EraId) => {
  const { c, m } = drawPasses(gazeSample(0, 0), era);
  const g = irisGeometry(m);
  const ciliary: number[] = [], collarette: number[] = [], ciliaryL: number[] = [], limbus: number[] = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_IRIS) continue;
    if (y < g.cy - 0.2 * g.rIris) continue;
    const rho = (Math.hypot(x - g.cx, y - g.cy) - g.rPupil) / (g.rIris - g.rPupil);
    const l = lumaAt(c, i);
    if (l > 150) continue;
    const mx = Math.max(c[i], c[i + 1], c[i + 2]);
    const sat = mx ? (mx - Math.min(c[i], c[i + 1], c[i + 2])) / mx : 0;
    if (rho > 0.55 && rho < 0.85) { ciliary.push(sat); ciliaryL.push(l); }
    if (rho > 0.1 && rho < 0.4) collarette.push(sat);
    if (rho > 0.93 && rho < 0.99) limbus.push(l);
  }
  return {
    ciliarySat: median(ciliary),
    collaretteSat: median(collarette),
    limbalRing: median(limbus) / median(ciliaryL),
    ciliaryLuma: median(ciliaryL),
    n: { ciliary: ciliary.length, collarette: collarette.length, limbus: limbus.length },
  };
};

/**
 * The iris's texture at its fibres' scale (band-texture.ts: 0.1–0.3 mm band-pass, median of 0.3 mm
 * tiles) inside the mask's iris class eroded by 0.15 mm, the eye at rest in the era's graded frame.
 */
exposed.irisTexture = (era: EraId) => {
  const f = eyeFrame(W, H);
  const { c, m } = drawPasses(gazeSample(0, 0), era);
  return bandTexture(c, maskRegion(m, MASK_IRIS.name, Math.round(0.15 * f.pxPerMm)), f.pxPerMm);
};
