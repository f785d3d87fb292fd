import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import { paintCatchlight } from '../../render/assets/highlight.ts';
import { ROOM_LIGHT } from '../../render/era/room-light.ts';
import { eyeFrame } from '../../render/geometry/eye-frame.ts';
import { gazeSample } from '../eye-samples.ts';
import { MASK_PUPIL, classifyMaskPixel } from '../../render/mask-colors.ts';
import type { EraId } from '../../scene/scene.ts';
import { PAGE_SIZE, drawPasses, exposed } from './page-kit.ts';

const W = PAGE_SIZE.widthPx;
const H = PAGE_SIZE.heightPx;

// The screen's painted reflection: its extent across the middle row and the middle column, mm, where
// its opacity is at least a third of the opacity at its middle (what the screen shows is dark in
// places, its desktop or a call's shelf dimmer than its page).
exposed.screenImage = (era: EraId, share: number) => {
  const f = eyeFrame(W, H);
  const layer = paintCatchlight(f, ERA_LIGHT[era], ROOM_LIGHT[era]);
  const c = layer.canvas;
  const d = layer.ctx.getImageData(0, 0, c.width, c.height).data;
  const a = (x: number, y: number) => d[(y * c.width + x) * 4 + 3];
  const cx = c.width >> 1, cy = c.height >> 1;
  // A third of the light of its middle: the opacity 'share' of the way up the sorted opacities of its
  // central 40 %; the outermost such pixel on the middle row and column either way.
  const core = [];
  for (let y = Math.round(c.height * 0.3); y < c.height * 0.7; y++) for (let x = Math.round(c.width * 0.3); x < c.width * 0.7; x++) core.push(a(x, y));
  core.sort((p, q) => p - q);
  const half = core[Math.floor(core.length * share)] / 3;
  let x0 = cx, x1 = cx, y0 = cy, y1 = cy;
  for (let x = 0; x < c.width; x++) if (a(x, cy) >= half) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); }
  for (let y = 0; y < c.height; y++) if (a(cx, y) >= half) { y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  return { widthMm: (x1 - x0 + 1) / f.pxPerMm, heightMm: (y1 - y0 + 1) / f.pxPerMm };
};

// The pupil's luma in the graded colour frame at rest: its median and its darker half's median.
exposed.pupilLuma = (era: EraId) => {
  const s = gazeSample(0, 0);
  const { c, m } = drawPasses(s, era);
  const v = [];
  for (let i = 0; i < c.length; i += 4) {
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_PUPIL) continue;
    v.push(0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2]);
  }
  v.sort((p, q) => p - q);
  return { n: v.length, median: v[v.length >> 1], darkHalf: v[v.length >> 2] };
};
