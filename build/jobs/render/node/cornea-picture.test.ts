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

const renderer = rendererPage('cornea', { widthPx: W, heightPx: H });

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
    expect(spot.spot - spot.dark, JSON.stringify(spot)).toBeGreaterThan(12);
    // Above it the room's own image (assets/room-image.ts: the walls, the window's spill) lifts the
    // ring more than the spot: 7.5 levels over it before the room, 3.4 with a viewer's head there.
    expect(spot.spot - spot.ringAbove, JSON.stringify(spot)).toBeGreaterThan(3);
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
