import { drawEyeCatchlightPlane } from '../../render/draw-eye.ts';
import { gazeSample } from '../eye-samples.ts';
import { MASK_IRIS, MASK_PUPIL, classifyMaskPixel } from '../../render/mask-colors.ts';
import { paintRoomReflection } from '../../render/assets/highlight.ts';
import { ROOM_LIGHT } from '../../render/era/room-light.ts';
import { eyeFrame, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { discEllipsePx, irisPose } from '../../render/geometry/iris-pose.ts';
import { LENS_IMAGE_OFFSET, reflectionOnCornea, roomDirection } from '../../render/geometry/catchlight-pose.ts';
import type { EraId } from '../../scene/scene.ts';
import { PAGE_SIZE, context2d, drawPasses, lumaAt, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

/** The era's room light: every era the tests ask about has one. */
function roomOf(era: EraId) {
  const room = ROOM_LIGHT[era];
  if (!room) throw new Error(`pupil-reflection page: era ${era} has no room light`);
  return room;
}

// Over the pupil, inside the screen's image (2 px in from its edge): the luma's spread (sd) and its
// mean step between neighbours (edge); outside it (3 px clear of it): the pupil's 75th percentile.
// `inPx` moves the inside's edge further in (its core, clear of a soft edge's ramp).
exposed.pupilReflection = (era: EraId, inPx = 2) => {
  const s = gazeSample(0, 0);
  const view = { width: W, height: H, era };
  const { c, m } = drawPasses(s, era);
  const plane = context2d(W, H);
  drawEyeCatchlightPlane(plane, s, view);
  const p = plane.getImageData(0, 0, W, H).data;
  const pupil = (x: number, y: number) => { const i = (y * W + x) * 4; return classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_PUPIL; };
  const lit = (x: number, y: number) => p[(y * W + x) * 4] > 127;
  const near = (x: number, y: number, r: number, want: boolean) => {
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (lit(x + dx, y + dy) !== want) return false;
    return true;
  };
  const inside: number[] = [];
  const outside: number[] = [];
  let steps = 0, nSteps = 0;
  for (let y = 4; y < H - 4; y++) for (let x = 4; x < W - 4; x++) {
    if (!pupil(x, y)) continue;
    const i = (y * W + x) * 4;
    if (near(x, y, inPx, true) && pupil(x + 1, y) && pupil(x, y + 1) && near(x + 1, y + 1, inPx, true)) {
      inside.push(lumaAt(c, i));
      steps += Math.abs(lumaAt(c, i + 4) - lumaAt(c, i)) + Math.abs(lumaAt(c, i + W * 4) - lumaAt(c, i));
      nSteps += 2;
    } else if (near(x, y, 3, false)) outside.push(lumaAt(c, i));
  }
  const mean = inside.reduce((a, b) => a + b, 0) / inside.length;
  const sd = Math.sqrt(inside.reduce((a, b) => a + (b - mean) ** 2, 0) / inside.length);
  outside.sort((a, b) => a - b);
  const byLuma = [...inside].sort((a, b) => a - b);
  const q = (sorted: number[], k: number) => sorted[Math.floor((sorted.length - 1) * k)];
  return { n: inside.length, mean, sd, in90: q(byLuma, 0.9), edge: steps / nSteps, nOut: outside.length, out10: q(outside, 0.1), out50: q(outside, 0.5), out75: q(outside, 0.75), out90: q(outside, 0.9) };
};

// The room light's layer at a large size (sub-pixel bows show): along a pane's top edge (where its
// opacity first crosses half, column by column, down from the top) and a pane's left edge (row by
// row, in from the left), the largest distance from the straight line fitted through the edge's
// middle 60 % (clear of its corners), as a fraction of the edge's length. Each edge is the longest run
// of columns (rows) whose crossing moves smoothly: it jumps at a bar's gap and at a corner.
exposed.roomEdgeBow = (era: EraId, width: number, height: number) => {
  const f = eyeFrame(width, height);
  const layer = paintRoomReflection(f, roomOf(era));
  const { width: lw, height: lh } = layer.canvas;
  const d = layer.ctx.getImageData(0, 0, lw, lh).data;
  const a = (x: number, y: number) => d[(y * lw + x) * 4 + 3];
  const cross = (get: (k: number) => number, n: number) => { for (let k = 1; k < n; k++) { const p = get(k - 1), q = get(k); if (p < 128 && q >= 128) return k - 1 + (128 - p) / (q - p); } return NaN; };
  const longestRun = (n: number, at: (k: number) => number) => {
    let best: [number, number][] = [], run: [number, number][] = [];
    for (let k = 0; k < n; k++) {
      const v = at(k);
      // An edge ends where no line crosses, or where the crossing jumps (onto another pane, or a side).
      if (Number.isFinite(v) && (!run.length || Math.abs(v - run[run.length - 1][1]) < 2)) run.push([k, v]);
      else run = Number.isFinite(v) ? [[k, v]] : [];
      if (run.length > best.length) best = run;
    }
    return best;
  };
  const bow = (run: [number, number][]) => {
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
exposed.lensImage = (era: EraId, yaw: number, pitch: number) => {
  const f = eyeFrame(W, H);
  const s = gazeSample(yaw, pitch);
  const view = { width: W, height: H, era };
  const { c, m } = drawPasses(s, era);
  const plane = context2d(W, H);
  drawEyeCatchlightPlane(plane, s, view);
  const p = plane.getImageData(0, 0, W, H).data;
  const pose = irisPose(s);
  const e = discEllipsePx(f, pose, pose.pupilRadiusMm);
  const r1 = reflectionOnCornea(s, roomDirection(roomOf(era)));
  const first = { x: xPx(f, r1.xMm) - e.xPx, y: yPx(f, r1.yMm) - e.yPx };
  const want = { x: LENS_IMAGE_OFFSET * first.x, y: LENS_IMAGE_OFFSET * first.y };
  const reach = 0.4 * f.pxPerMm;
  const dark: number[] = [];
  const spot: [number, number, number][] = [];
  for (let y = 3; y < H - 3; y++) for (let x = 3; x < W - 3; x++) {
    const i = (y * W + x) * 4;
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_PUPIL) continue;
    let lit = false;
    for (let dy = -3; dy <= 3 && !lit; dy++) for (let dx = -3; dx <= 3; dx++) if (p[((y + dy) * W + x + dx) * 4] > 127) { lit = true; break; }
    if (lit) continue;
    const l = lumaAt(c, i);
    dark.push(l);
    if (Math.hypot(x + 0.5 - e.xPx - want.x, y + 0.5 - e.yPx - want.y) <= reach) spot.push([x + 0.5 - e.xPx, y + 0.5 - e.yPx, l]);
  }
  dark.sort((a, b) => a - b);
  const floor = dark[Math.floor(dark.length * 0.25)] + 8;
  let sw = 0, sx = 0, sy = 0, peak = 0;
  for (const [x, y, l] of spot) { const w = Math.max(0, l - floor); sw += w; sx += w * x; sy += w * y; peak = Math.max(peak, l); }
  return { first, want, found: sw > 0 ? { x: sx / sw, y: sy / sw } : null, light: sw, peak, floor, pxPerMm: f.pxPerMm };
};

// The pupil's rim: round the pupil (looking ahead), at each 2° where the mask has the pupil 3 px in
// and no lid within 3 px out, how much the lightest pixel within 1 px of the edge stands above the
// lighter of the pupil 3 px in and the iris 3 px out (luma); the median and the 90th percentile over
// those angles. Above 0 the edge is a lighter ring than both sides of it.
exposed.pupilRim = (era: EraId) => {
  const s = gazeSample(0, 0);
  const f = eyeFrame(W, H);
  const { c, m } = drawPasses(s, era);
  const pose = irisPose(s);
  const e = discEllipsePx(f, pose, pose.pupilRadiusMm);
  const cls = (x: number, y: number) => { const i = (y * W + x) * 4; return classifyMaskPixel(m[i], m[i + 1], m[i + 2]); };
  const at = (a: number, d: number) => {
    const x = Math.round(e.xPx + (e.radiusXPx + d) * Math.cos(a) - 0.5);
    const y = Math.round(e.yPx + (e.radiusYPx + d) * Math.sin(a) - 0.5);
    return { x, y, luma: lumaAt(c, (y * W + x) * 4) };
  };
  const excess: number[] = [];
  for (let deg = 0; deg < 360; deg += 2) {
    const a = (deg * Math.PI) / 180;
    const inner = at(a, -3);
    const outer = at(a, 3);
    if (cls(inner.x, inner.y) !== MASK_PUPIL || cls(outer.x, outer.y) !== MASK_IRIS) continue;
    const rim = Math.max(at(a, -1).luma, at(a, 0).luma, at(a, 1).luma);
    excess.push(rim - Math.max(inner.luma, outer.luma));
  }
  excess.sort((p, q) => p - q);
  const q = (k: number) => excess[Math.floor((excess.length - 1) * k)];
  return { angles: excess.length, median: q(0.5), p90: q(0.9) };
};
