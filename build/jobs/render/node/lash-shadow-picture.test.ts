import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * The upper lashes' thin shadows on the sclera (issue 18, point 4) at 1280×720, the open eye at rest
 * in 2026: in a photograph lit from above, the hairs throw soft grey streaks down the white under the
 * margin. The streaks are drawn alone, as the face layer draws them (layers/lash-shadow.ts, for the
 * lashes' own curves), onto a clear canvas, and read where the mask has sclera 0.15–1.2 mm under the
 * upper margin: how much of that band they shade by at least 10 % (the light they take visibly),
 * how dark they get, and how far down they reach.
 */
const W = 1280;
const H = 720;


interface Shadows {
  band: number;
  shadedShare: number;
  darkest: number;
  reachMm: number;
  streaks: number;
  medianStreakPx: number;
}

const renderer = rendererPage('lash-shadow', { widthPx: W, heightPx: H });
// One drawing and reading of the shadows (~4 s) serves both tests.
let measured: Promise<Shadows> | undefined;
const shadows = (): Promise<Shadows> => (measured ??= renderer.call<Shadows>('lashShadows'));

describe('the upper lashes’ shadows on the sclera', () => {
  it('show: they shade over a fifth of the white under the margin by 10 % or more, reaching 1.6 mm down, at 16–40 % (before: 8 %, 1.35 mm, 12 %)', async () => {
    const b = await shadows();
    expect(b.band, JSON.stringify(b)).toBeGreaterThan(2000);
    expect(b.shadedShare, JSON.stringify(b)).toBeGreaterThan(0.2);
    // A streak ends at most 2 mm under its root (lash-shadow.ts DROP_MAX_MM: a hair's shadow lands on
    // the globe just under the margin); a hair's thin streak fades below 10 % by 1.69 mm here (the
    // clump's wedge, 1.77); the bar still fails the short streaks this test replaced (1.35 mm).
    expect(b.reachMm, JSON.stringify(b)).toBeGreaterThan(1.6);
    expect(b.darkest, JSON.stringify(b)).toBeGreaterThan(0.16);
    // Soft, grey, not black bars.
    expect(b.darkest, JSON.stringify(b)).toBeLessThan(0.4);
  }, 60_000);

  it('are thin strands, a hair each, not one wedge a clump: 0.5 mm under the margin the line crosses 21 or more streaks, half of them 8 px wide or less (one wedge a clump: 19, 10 px)', async () => {
    const b = await shadows();
    expect(b.streaks, JSON.stringify(b)).toBeGreaterThanOrEqual(21);
    expect(b.medianStreakPx, JSON.stringify(b)).toBeLessThanOrEqual(8);
  }, 60_000);

  it('stay inside the extent they report, in every pose: the face layer restores that box before the next lid state, so a streak outside it would outlive its state', async () => {
    // The extent is grown by every corner the fills trace (layers/lash-shadow.ts). Before, it was a pad
    // round each clump's mean streak, which held with 5.4-13.5 px to spare over a pose grid by margin,
    // not by construction.
    const r = await renderer.call<{ states: number; shaded: number; outside: number }>('lashShadowsOutsideExtent');
    expect(r.states, JSON.stringify(r)).toBeGreaterThan(20);
    expect(r.shaded, JSON.stringify(r)).toBeGreaterThan(10_000);
    expect(r.outside, JSON.stringify(r)).toBe(0);
  }, 120_000);
});
