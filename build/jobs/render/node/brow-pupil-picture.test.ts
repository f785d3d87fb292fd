import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';
import { ERA_IDS } from '../../../scene/scene.ts';

/**
 * Picture tests of the frame's top, the brow and the pupil (eye.md §11), on pixels the renderer
 * draws in headless Chromium: hand-made samples (build/testing/eye-samples.ts) drawn with drawEye and
 * read back with getImageData.
 */
const W = 640;
const H = 400; // 16 px/mm: 1 mm is 16 rows
const PX_PER_MM = (36 * H) / 900;
/** The highest brow lift over long runs of every scene and preset (2013's lens). */
const MEASURED_MAX_LIFT_MM = 2.33;

const renderer = rendererPage('brow-pupil', { widthPx: W, heightPx: H });

const call = renderer.call;

describe('the brow in the frame (pixels)', () => {
  it('leaves the top millimetre of the frame untouched at the highest lift the model makes, and the top rows at any lift', async () => {
    const rest = await call<number[]>('topRows', '2026', 0, PX_PER_MM);
    const lifted = await call<number[]>('topRows', '2026', MEASURED_MAX_LIFT_MM, PX_PER_MM);
    // No hair in the top millimetre (the tint under the hair fades out there: at most a level of 255).
    let worst = 0;
    for (let i = 0; i < rest.length; i++) worst = Math.max(worst, Math.abs(rest[i] - lifted[i]));
    expect(worst).toBeLessThanOrEqual(2);
    const half = Math.round(0.5 * PX_PER_MM) * W * 4;
    expect(lifted.slice(0, half)).toEqual(rest.slice(0, half));
    const fewRows = Math.round(0.2 * PX_PER_MM);
    const any = await call<number[]>('topRows', '2026', 100, fewRows);
    worst = 0;
    for (let i = 0; i < any.length; i++) worst = Math.max(worst, Math.abs(rest[i] - any[i]));
    expect(worst).toBeLessThanOrEqual(2);
  }, 60_000);

  it('does move when the brow lifts (the test above could fail)', async () => {
    const rest = await call<number[]>('browRows', '2026', 0);
    const lifted = await call<number[]>('browRows', '2026', MEASURED_MAX_LIFT_MM);
    let changed = 0;
    for (let i = 0; i < rest.length; i += 4) if (Math.abs(rest[i] - lifted[i]) > 20) changed++;
    expect(changed).toBeGreaterThan(2000);
  }, 60_000);

  it('bends from its pre-shifted copies as the strips each resampled at its own lift did: no pixel off by more than a 1/16-px shift of the steepest edge can make, plus rounding (layers/brow.ts, BROW_PHASES)', async () => {
    // Head → tail: a brow mid-raise, its tail lagging (0.32 mm between nodes, over twice the most the
    // model makes: brow.ts).
    const r = await call<{ differ: number; maxLevels: number; bent: number; maxStep: number }>('browBend', [0.5, 0.62, 0.7, 0.55, 0.38]);
    const why = JSON.stringify(r);
    expect(r.bent, why).toBeGreaterThan(1000);
    expect(r.differ, why).toBeGreaterThan(0);
    // Each strip's lift is rounded to the nearest 1/8 px: off by at most 1/16 px, so no pixel by more
    // than a 16th of the steepest vertical step, plus a level of rounding in each drawing.
    expect(r.maxLevels, why).toBeLessThanOrEqual(r.maxStep / 16 + 2);
  }, 60_000);

  it('is in the mask pass as one brow shape, wholly in frame with room above it, lifted with the colour pass', async () => {
    const rest = await call<number[]>('browMaskRows', 0);
    const lifted = await call<number[]>('browMaskRows', MEASURED_MAX_LIFT_MM);
    const first = (rows: number[]) => rows.findIndex((n) => n > 0);
    expect(rest.reduce((a, n) => a + n, 0)).toBeGreaterThan(5000);
    expect(first(lifted)).toBeGreaterThan(PX_PER_MM);
    expect(first(rest) - first(lifted)).toBeCloseTo(MEASURED_MAX_LIFT_MM * PX_PER_MM, -0.5);
  }, 60_000);
});

describe('the pupil under the era grade (pixels)', () => {
  it('is dark in every era: the grade lights the face, not the pupil', async () => {
    for (const era of ERA_IDS) {
      const p = await call<{ n: number; median: number }>('pupilTopLuma', era, 3);
      expect(p.n, era).toBeGreaterThan(30);
      // Drawn rgb(9, 7, 6), and the room's faint image in the cornea over it (assets/room-image.ts:
      // ~10 levels more at the pupil's top in a lit room: 16–20.5 in every era but 1970's 9.5);
      // lifted blacks (2000's navy, 2003's olive, 2013's maroon) were 30–60.
      expect(p.median, era).toBeLessThan(25);
    }
  }, 120_000);
});
