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

const renderer = rendererPage('screen-reflection', { widthPx: W, heightPx: H });

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
