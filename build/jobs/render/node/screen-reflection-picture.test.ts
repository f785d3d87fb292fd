import { describe, expect, it } from 'vitest';
import { ERA_LIGHT } from '../../../model/eras/era-light.ts';
import type { EraId } from '../../../scene/scene.ts';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * The era's screen in the cornea (issue 18, point 1) on the pixels the renderer paints, in headless
 * Chromium at 1280×720: the screen's reflection as big as the convex mirror makes it (radius 7.8 mm,
 * so about 3.9 mm × the screen's size ÷ its distance, a few per cent less toward the corners, where
 * the paraxial rule overstates it), measured across its middle where its light is at least a third of its
 * core's; and under every era's grade the pupil still a dark hole, its darker half near black.
 */
const W = 1280;
const H = 720;

const ENTRY = `
import { drawEye } from './draw-eye.ts';
import { ERA_LIGHT } from '../model/eras/era-light.ts';
import { paintCatchlight } from './assets/highlight.ts';
import { eyeFrame } from './geometry/eye-frame.ts';
import { gazeSample } from '../testing/eye-samples.ts';
import { MASK_PUPIL, classifyMaskPixel } from './mask-colors.ts';

// The screen's painted reflection: its extent across the middle row and the middle column, mm, where
// its opacity is at least a third of the opacity at its middle (what the screen shows is dark in
// places, its desktop or a call's shelf dimmer than its page).
window.screenImage = (era, share) => {
  const f = eyeFrame(${W}, ${H});
  const layer = paintCatchlight(f, ERA_LIGHT[era]);
  const c = layer.canvas;
  const d = layer.ctx.getImageData(0, 0, c.width, c.height).data;
  const a = (x, y) => d[(y * c.width + x) * 4 + 3];
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
window.pupilLuma = (era) => {
  const s = gazeSample(0, 0);
  const mk = () => { const c = document.createElement('canvas'); c.width = ${W}; c.height = ${H}; return c.getContext('2d', { willReadFrequently: true }); };
  const color = mk();
  drawEye(color, s, { width: ${W}, height: ${H}, era, pass: 'color' });
  const mask = mk();
  drawEye(mask, s, { width: ${W}, height: ${H}, era, pass: 'mask' });
  const c = color.getImageData(0, 0, ${W}, ${H}).data;
  const m = mask.getImageData(0, 0, ${W}, ${H}).data;
  const v = [];
  for (let i = 0; i < c.length; i += 4) {
    if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) !== MASK_PUPIL) continue;
    v.push(0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2]);
  }
  v.sort((p, q) => p - q);
  return { n: v.length, median: v[v.length >> 1], darkHalf: v[v.length >> 2] };
};
`;

const renderer = rendererPage(ENTRY);

const SCREEN_ERAS = (Object.keys(ERA_LIGHT) as EraId[]).filter((e) => ERA_LIGHT[e].catchlight.kind === 'screen');

describe('the era\'s screen in the cornea (pixels)', () => {
  it('is as big as the mirror makes it in every screen era: 0.85–1.04 of 3.9 mm × size ÷ distance across its middle', async () => {
    for (const era of SCREEN_ERAS) {
      const l = ERA_LIGHT[era];
      const want = { widthMm: (3.9 * l.screenWidthCm) / l.viewingDistanceCm, heightMm: (3.9 * l.screenHeightCm) / l.viewingDistanceCm };
      // A terminal's glass is read between its text (the core's lowest twentieth), a lit screen by its median.
      const c = ERA_LIGHT[era].catchlight;
      const share = c.kind === 'screen' && c.content === 'text-lines' ? 0.05 : 0.5;
      const got = await renderer.call<{ widthMm: number; heightMm: number }>('screenImage', era, share);
      // The old reflection bowed each edge out by 6 % of the other side's length: 1.05–1.14 × wide
      // and 1.06–1.17 × tall across its middle (2026: 1.07, 1.14). Now 0.94–1.03 wide, 0.87–0.99
      // tall: the mirror's own shrinking toward the corners, and a call's darker toolbar at the
      // bottom of the middle column (2003, 2026) under the half-light line.
      const msg = `${era}: ${got.widthMm.toFixed(2)} × ${got.heightMm.toFixed(2)} mm for ${want.widthMm.toFixed(2)} × ${want.heightMm.toFixed(2)}`;
      expect(got.widthMm / want.widthMm, msg).toBeGreaterThan(0.85);
      expect(got.widthMm / want.widthMm, msg).toBeLessThan(1.04);
      expect(got.heightMm / want.heightMm, msg).toBeGreaterThan(0.85);
      expect(got.heightMm / want.heightMm, msg).toBeLessThan(1.04);
    }
  }, 60_000);

  it('leaves the pupil a dark hole under every era\'s grade: its darker half under luma 40', async () => {
    for (const era of Object.keys(ERA_LIGHT) as EraId[]) {
      const p = await renderer.call<{ n: number; median: number; darkHalf: number }>('pupilLuma', era);
      expect(p.n, era).toBeGreaterThan(1000);
      expect(p.darkHalf, `${era}: ${JSON.stringify(p)}`).toBeLessThan(40);
    }
  }, 120_000);
});
