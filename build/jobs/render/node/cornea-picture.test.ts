import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';
import { ROOM_LIGHT } from '../../../render/era/room-light.ts';
import { reflectionOnCornea, roomDirection, roomReflectionSizeMm } from '../../../render/geometry/catchlight-pose.ts';
import { gazeSample } from '../../../testing/eye-samples.ts';

/**
 * Picture tests of the cornea (issue 18, eye.md §11) on the pixels the renderer draws in headless
 * Chromium at a film's size: the room's light mirrored at the mirror's size and place, with a crisp
 * edge; the lens's second, dimmer image in the pupil; the upper lid's shadow band across the iris's
 * top. Hand-made samples (build/testing/eye-samples.ts) drawn with drawEye, measured in the page.
 */
const W = 1280;
const H = 720;

const ENTRY = `
import { drawEye } from './draw-eye.ts';
import { eyeFrame, xMmOf, yMmOf, xPx, yPx } from './geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from './geometry/iris-pose.ts';
import { lidInputs } from './geometry/lid-inputs.ts';
import { lidMargins } from './geometry/lid-margins.ts';
import { gazeSample } from '../testing/eye-samples.ts';
import { MASK_IRIS, MASK_PUPIL, classifyMaskPixel } from './mask-colors.ts';

function canvas() {
  const c = document.createElement('canvas');
  c.width = ${W};
  c.height = ${H};
  return c.getContext('2d', { willReadFrequently: true });
}
const luma = (d, i) => 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];

function frames(era, yaw, pitch) {
  const s = gazeSample(yaw, pitch);
  const color = canvas();
  drawEye(color, s, { width: ${W}, height: ${H}, era, pass: 'color' });
  const mask = canvas();
  drawEye(mask, s, { width: ${W}, height: ${H}, era, pass: 'mask' });
  return { s, c: color.getImageData(0, 0, ${W}, ${H}).data, m: mask.getImageData(0, 0, ${W}, ${H}).data };
}

// The near-white reflection on the iris and pupil (the sclera is white of itself): its box and
// box's middle in mm about the globe centre, and the 10–90 % rise of its left edge across its top panes.
window.whiteOnCornea = (era, yaw, pitch, level, near) => {
  const f = eyeFrame(${W}, ${H});
  const { s, c, m } = frames(era, yaw, pitch);
  // Within 1.2 mm of where the light is looked for: the screen's own reflection lies elsewhere, and so
  // do the lids' antialiased margins (where a mask pixel may say iris under a lighter margin).
  const nx = xPx(f, near.xMm), ny = yPx(f, near.yMm), reach = 1.2 * f.pxPerMm;
  let n = 0, sx = 0, sy = 0, x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let y = 0; y < ${H}; y++) for (let x = 0; x < ${W}; x++) {
    const i = (y * ${W} + x) * 4;
    const k = classifyMaskPixel(m[i], m[i + 1], m[i + 2]);
    if (k !== MASK_IRIS && k !== MASK_PUPIL) continue;
    if (Math.abs(x + 0.5 - nx) > reach || Math.abs(y + 0.5 - ny) > reach) continue;
    if (luma(c, i) < level) continue;
    n++; sx += x; sy += y;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  if (n === 0) return { n };
  const cx = sx / n, cy = sy / n;
  // Across its top panes (the window's upper half clips to white).
  const row = Math.round(y0 + 0.25 * (y1 - y0));
  const prof = [];
  for (let x = x0 - 12; x <= x0 + 12; x++) prof.push(luma(c, (row * ${W} + x) * 4));
  const lo = Math.min(...prof.slice(0, 6)), hi = Math.max(...prof);
  const at = (t) => { for (let j = 0; j < prof.length; j++) if (prof[j] >= lo + t * (hi - lo)) return j; return prof.length; };
  return { n, xMm: xMmOf(f, (x0 + x1 + 1) / 2), yMm: yMmOf(f, (y0 + y1 + 1) / 2), widthMm: (x1 - x0 + 1) / f.pxPerMm, heightMm: (y1 - y0 + 1) / f.pxPerMm, riseMm: (at(0.9) - at(0.1)) / f.pxPerMm };
};

// Mean luma of the pupil in a disc of radius rMm at (xMm, yMm), on the half ring 0.45–0.7 mm above it
// (a separate image stands out of the pupil around it; a glow across the pupil does not), and the
// pupil's darkest tenth.
window.pupilSpot = (era, yaw, pitch, xMm, yMm, rMm) => {
  const f = eyeFrame(${W}, ${H});
  const { c, m } = frames(era, yaw, pitch);
  const px = xPx(f, xMm), py = yPx(f, yMm), r = rMm * f.pxPerMm;
  let s = 0, n = 0, rs = 0, rn = 0;
  const pupil = [];
  for (let y = 0; y < ${H}; y++) for (let x = 0; x < ${W}; x++) {
    const i = (y * ${W} + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_PUPIL) continue;
    pupil.push(luma(c, i));
    const d = Math.hypot(x + 0.5 - px, y + 0.5 - py);
    if (d <= r) { s += luma(c, i); n++; }
    else if (y + 0.5 < py && d >= 0.45 * f.pxPerMm && d <= 0.7 * f.pxPerMm) { rs += luma(c, i); rn++; }
  }
  pupil.sort((a, b) => a - b);
  return { spot: n ? s / n : NaN, n, ringAbove: rn ? rs / rn : NaN, rn, dark: pupil[Math.floor(pupil.length * 0.1)] };
};

// Mean luma of the iris in sectors around its centre, on an annulus of the iris (the texture's own
// radial bands cancel): the top sector (under the upper lid) against the two side sectors.
window.irisSectors = (era, bandMm) => {
  const f = eyeFrame(${W}, ${H});
  const { s, c, m } = frames(era, 0, 0);
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const ex = xPx(f, pose.centerXMm), ey = yPx(f, pose.centerYMm);
  const top = { s: 0, n: 0 }, side = { s: 0, n: 0 };
  for (let y = 0; y < ${H}; y++) for (let x = 0; x < ${W}; x++) {
    const i = (y * ${W} + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_IRIS) continue;
    const dx = (x + 0.5 - ex) / f.pxPerMm, dy = (ey - y - 0.5) / f.pxPerMm;
    const r = Math.hypot(dx, dy);
    if (r < 4.2 || r > 5.4) continue;
    const below = mg.upperMm(pose.centerXMm + dx) - (pose.centerYMm + dy);
    if (Math.abs(dx) < 1.6 && dy > 0) { if (below >= bandMm[0] && below <= bandMm[1]) { top.s += luma(c, i); top.n++; } }
    else if (Math.abs(dy) < 1.6) { side.s += luma(c, i); side.n++; }
  }
  return { top: top.s / top.n, side: side.s / side.n, nTop: top.n, nSide: side.n };
};
`;

const renderer = rendererPage(ENTRY);

const call = renderer.call;

interface White {
  n: number;
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
  riseMm: number;
}

describe('the room mirrored on the cornea (pixels)', () => {
  it('shows 2026\'s window at the convex mirror\'s size (3.9 mm × size ÷ distance) and place, with a crisp edge', async () => {
    const room = ROOM_LIGHT['2026']!;
    const want = roomReflectionSizeMm(room);
    const at = reflectionOnCornea(gazeSample(0, 0), roomDirection(room));
    const w = await call<White>('whiteOnCornea', '2026', 0, 0, 150, at);
    // The old renderer had no room light: nothing on the iris came near white.
    expect(w.n).toBeGreaterThan(200);
    // Width foreshortened a little by the cornea's tilt there; the bars' gaps are inside the box.
    expect(w.widthMm).toBeGreaterThan(0.8 * want.widthMm);
    expect(w.widthMm).toBeLessThan(1.15 * want.widthMm);
    expect(w.heightMm).toBeGreaterThan(0.8 * want.heightMm);
    expect(w.heightMm).toBeLessThan(1.15 * want.heightMm);
    expect(Math.hypot(w.xMm - at.xMm, w.yMm - at.yMm)).toBeLessThan(0.2);
    // A reflection in focus: its edge rises within about a tenth of a millimetre (a glow takes 0.2+).
    expect(w.riseMm).toBeLessThan(0.14);
  }, 60_000);

  it('slides with the cornea as the eye turns, as the mirror says, keeping its size (a sphere\'s image of a distant light only moves)', async () => {
    const room = ROOM_LIGHT['2026']!;
    const a0 = reflectionOnCornea(gazeSample(0, 0), roomDirection(room));
    const a1 = reflectionOnCornea(gazeSample(14, -4), roomDirection(room));
    const rest = await call<White>('whiteOnCornea', '2026', 0, 0, 150, a0);
    const turned = await call<White>('whiteOnCornea', '2026', 14, -4, 150, a1);
    expect(turned.xMm - rest.xMm).toBeGreaterThan(0.5);
    expect(Math.abs(turned.widthMm - rest.widthMm)).toBeLessThan(0.1);
    expect(Math.abs(turned.xMm - rest.xMm - (a1.xMm - a0.xMm))).toBeLessThan(0.2);
    expect(Math.abs(turned.yMm - rest.yMm - (a1.yMm - a0.yMm))).toBeLessThan(0.2);
  }, 60_000);

  it('has the lens\'s second image in the pupil: dimmer than the first, far brighter than the pupil', async () => {
    // 2009 at rest: the window's first image sits up and to the right; the lens's is on the far side
    // of the pupil's middle (LENS_IMAGE_OFFSET of the way), inverted and dimmer, clear of the phone's.
    const room = ROOM_LIGHT['2009']!;
    const p1 = reflectionOnCornea(gazeSample(0, 0), roomDirection(room));
    const { LENS_IMAGE_OFFSET } = await import('../../../render/geometry/catchlight-pose.ts');
    const p4 = { x: LENS_IMAGE_OFFSET * p1.xMm, y: LENS_IMAGE_OFFSET * p1.yMm };
    const spot = await call<{ spot: number; n: number; ringAbove: number; rn: number; dark: number }>('pupilSpot', '2009', 0, 0, p4.x, p4.y, 0.12);
    expect(spot.n).toBeGreaterThan(20);
    expect(spot.rn).toBeGreaterThan(50);
    expect(spot.spot - spot.dark).toBeGreaterThan(12);
    expect(spot.spot - spot.ringAbove).toBeGreaterThan(5);
    expect(spot.spot).toBeLessThan(150);
  }, 60_000);
});

describe('the upper lid\'s shadow on the iris (pixels)', () => {
  it('darkens a band across the iris\'s top, 0.8–1.6 mm under the margin, against its sides at the same radius', async () => {
    for (const era of ['2026', '2009'] as const) {
      const s = await call<{ top: number; side: number; nTop: number; nSide: number }>('irisSectors', era, [0.8, 1.6]);
      expect(s.nTop, era).toBeGreaterThan(200);
      expect(s.top / s.side, era).toBeLessThan(0.8);
    }
  }, 60_000);
});
