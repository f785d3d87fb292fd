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


const renderer = rendererPage('pupil-reflection', { widthPx: W, heightPx: H });

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

// The eras whose grade adds its own texture to anything lit (era-looks: dither, scan lines, an
// aperture grille, a webcam's noise).
const TEXTURED_GRADES = new Set<EraId>(['1981', '1991', '1995', '1997', '2003']);

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

  it('is a bright luminous patch whose content shows only faintly: mean luma over 95, its core\'s spread under a quarter of its mean (a flat panel\'s under 0.16)', async () => {
    // Issue 18, point 1: a lit screen's corneal image is added light near white, what it shows only
    // a faint ripple in that light. The old image was a mid-grey card with the call's window, face and
    // toolbar at full contrast (measured on 36a2101: see the commit adding this test); now it is
    // bright, and its content keeps a fifth of its range. A tube era's scan lines stay in the spread.
    const got: [EraId, PupilReflection][] = [];
    for (const era of LIT_SCREENS) got.push([era, await renderer.call<PupilReflection>('pupilReflection', era, 4)]);
    const msg = got.map(([e, r]) => `${e} mean ${r.mean.toFixed(1)} sd ${r.sd.toFixed(1)} cv ${(r.sd / r.mean).toFixed(3)}`).join('; ');
    for (const [era, r] of got) {
      expect(r.n, msg).toBeGreaterThan(60);
      expect(r.mean, msg).toBeGreaterThan(95);
      expect(r.sd / r.mean, msg).toBeLessThan(0.25);
      // The clean grades (2000's laptop, 2009's phone, 2026): the content a ripple on the light.
      if (!TEXTURED_GRADES.has(era)) expect(r.sd / r.mean, msg).toBeLessThan(0.16);
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
