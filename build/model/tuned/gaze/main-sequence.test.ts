import { describe, expect, it } from 'vitest';
import { ERA_IDS } from '../../../scene/scene.ts';
import { isSaccadeEvent } from '../../../testing/gaze-stats.ts';
import { minimumJerk, saccadeDurationMs } from './main-sequence.ts';
import { gazeScene, runGaze } from '../../../testing/run-gaze.ts';

describe('main sequence and minimum jerk', () => {
  it('the profile is 10τ³ − 15τ⁴ + 6τ⁵: 0 → 1, symmetric, flat at both ends', () => {
    expect(minimumJerk(0)).toBe(0);
    expect(minimumJerk(1)).toBe(1);
    expect(minimumJerk(0.5)).toBeCloseTo(0.5, 12);
    for (const t of [0.1, 0.27, 0.4]) expect(minimumJerk(t) + minimumJerk(1 - t)).toBeCloseTo(1, 12);
    expect(minimumJerk(1e-3)).toBeLessThan(1e-8);
  });

  it('every generated saccade and microsaccade lasts 2.2 ms/° + 21 ms, to 1 ms (all eras, 2 min each)', () => {
    let n = 0;
    let worst = 0;
    for (const era of ERA_IDS) {
      for (const e of runGaze(gazeScene(era, { seed: 7 }), 120)) {
        if (!isSaccadeEvent(e)) continue;
        n++;
        worst = Math.max(worst, Math.abs(e.endMs - e.startMs - saccadeDurationMs(e.amplitudeDeg)));
      }
    }
    expect(n).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(1);
  });

  it('the sampled signal follows the profile: peak speed 1.875·A/D within 5 % on large saccades', () => {
    const xs: number[] = [];
    const ys: number[] = [];
    const events = runGaze(gazeScene('1995', { seed: 3 }), 120, (g) => {
      xs.push(g.state().yawDeg);
      ys.push(g.state().pitchDeg);
    });
    let checked = 0;
    for (const e of events) {
      if (!isSaccadeEvent(e) || e.amplitudeDeg < 4) continue;
      const i0 = Math.ceil((e.startMs * 240) / 1000);
      const i1 = Math.floor((e.endMs * 240) / 1000);
      let peak = 0;
      for (let i = i0; i < i1; i++) peak = Math.max(peak, Math.hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]) * 240);
      const expected = (1.875 * e.amplitudeDeg) / ((e.endMs - e.startMs) / 1000);
      expect(Math.abs(peak / expected - 1)).toBeLessThan(0.05);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});
