import { eyeFrame, xMmOf, yMmOf, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from '../../render/geometry/iris-pose.ts';
import { lidInputs } from '../../render/geometry/lid-inputs.ts';
import { lidMargins } from '../../render/geometry/lid-margins.ts';
import { gazeSample } from '../eye-samples.ts';
import { MASK_IRIS, MASK_PUPIL, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EraId } from '../../scene/scene.ts';
import { PAGE_SIZE, drawPasses, lumaAt, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

function frames(era: EraId, yaw: number, pitch: number) {
  const s = gazeSample(yaw, pitch);
  return { s, ...drawPasses(s, era) };
}

// The near-white reflection on the iris and pupil (the sclera is white of itself): its box and
// box's middle in mm about the globe centre, and the 10–90 % rise of its left edge across its top panes.
exposed.whiteOnCornea = (era: EraId, yaw: number, pitch: number, level: number, near: { xMm: number; yMm: number }) => {
  const f = eyeFrame(W, H);
  const { s, c, m } = frames(era, yaw, pitch);
  // Within 1.2 mm of where the light is looked for: the screen's own reflection lies elsewhere, and so
  // do the lids' antialiased margins (where a mask pixel may say iris under a lighter margin).
  const nx = xPx(f, near.xMm), ny = yPx(f, near.yMm), reach = 1.2 * f.pxPerMm;
  let n = 0, sx = 0, sy = 0, x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    const k = classifyMaskPixel(m[i], m[i + 1], m[i + 2]);
    if (k !== MASK_IRIS && k !== MASK_PUPIL) continue;
    if (Math.abs(x + 0.5 - nx) > reach || Math.abs(y + 0.5 - ny) > reach) continue;
    if (lumaAt(c, i) < level) continue;
    n++; sx += x; sy += y;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  if (n === 0) return { n };
  const cx = sx / n, cy = sy / n;
  // Across its top panes (the window's upper half clips to white).
  const row = Math.round(y0 + 0.25 * (y1 - y0));
  const prof: number[] = [];
  for (let x = x0 - 12; x <= x0 + 12; x++) prof.push(lumaAt(c, (row * W + x) * 4));
  const lo = Math.min(...prof.slice(0, 6)), hi = Math.max(...prof);
  const at = (t: number) => { for (let j = 0; j < prof.length; j++) if (prof[j] >= lo + t * (hi - lo)) return j; return prof.length; };
  return { n, xMm: xMmOf(f, (x0 + x1 + 1) / 2), yMm: yMmOf(f, (y0 + y1 + 1) / 2), widthMm: (x1 - x0 + 1) / f.pxPerMm, heightMm: (y1 - y0 + 1) / f.pxPerMm, riseMm: (at(0.9) - at(0.1)) / f.pxPerMm };
};

// Mean luma of the pupil in a disc of radius rMm at (xMm, yMm), on the half ring 0.45–0.7 mm above it
// (a separate image stands out of the pupil around it; a glow across the pupil does not), and the
// pupil's darkest tenth.
exposed.pupilSpot = (era: EraId, yaw: number, pitch: number, xMm: number, yMm: number, rMm: number) => {
  const f = eyeFrame(W, H);
  const { c, m } = frames(era, yaw, pitch);
  const px = xPx(f, xMm), py = yPx(f, yMm), r = rMm * f.pxPerMm;
  let s = 0, n = 0, rs = 0, rn = 0;
  const pupil = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_PUPIL) continue;
    pupil.push(lumaAt(c, i));
    const d = Math.hypot(x + 0.5 - px, y + 0.5 - py);
    if (d <= r) { s += lumaAt(c, i); n++; }
    else if (y + 0.5 < py && d >= 0.45 * f.pxPerMm && d <= 0.7 * f.pxPerMm) { rs += lumaAt(c, i); rn++; }
  }
  pupil.sort((a, b) => a - b);
  return { spot: n ? s / n : NaN, n, ringAbove: rn ? rs / rn : NaN, rn, dark: pupil[Math.floor(pupil.length * 0.1)] };
};

// Mean luma of the iris in sectors around its centre, on an annulus of the iris (the texture's own
// radial bands cancel): the top sector (under the upper lid) against the two side sectors.
exposed.irisSectors = (era: EraId, bandMm: [number, number]) => {
  const f = eyeFrame(W, H);
  const { s, c, m } = frames(era, 0, 0);
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const ex = xPx(f, pose.centerXMm), ey = yPx(f, pose.centerYMm);
  const top = { s: 0, n: 0 }, side = { s: 0, n: 0 };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y * W + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_IRIS) continue;
    const dx = (x + 0.5 - ex) / f.pxPerMm, dy = (ey - y - 0.5) / f.pxPerMm;
    const r = Math.hypot(dx, dy);
    if (r < 4.2 || r > 5.4) continue;
    const below = mg.upperMm(pose.centerXMm + dx) - (pose.centerYMm + dy);
    if (Math.abs(dx) < 1.6 && dy > 0) { if (below >= bandMm[0] && below <= bandMm[1]) { top.s += lumaAt(c, i); top.n++; } }
    else if (Math.abs(dy) < 1.6) { side.s += lumaAt(c, i); side.n++; }
  }
  return { top: top.s / top.n, side: side.s / side.n, nTop: top.n, nSide: side.n };
};
