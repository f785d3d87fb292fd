import { describe, expect, it } from 'vitest';
import { compareStates, firstDifferentFrame, verdictOf } from './compare-states.ts';
import type { SceneState, StateMetric } from './scene-state.ts';
import { METRIC_TOLERANCES, metricAllowance, SSIM_FLOOR } from './tolerances.ts';

const fixation = (value: number): StateMetric => ({ name: 'meanFixationMs', unit: 'ms', value, p10: 500, p90: 1000 });

function state(over: Partial<SceneState> = {}): SceneState {
  return {
    scene: 's',
    settings: { width: 640, height: 360, fps: 30, durationS: 1, seed: 1, frames: 3 },
    film: { digest: 'a'.repeat(64), frames: ['0'.repeat(16), '1'.repeat(16), '2'.repeat(16)] },
    events: [{ kind: 'blink', startS: 0.5, durationMs: 250, amplitudeDeg: null }],
    metrics: [fixation(700)],
    ...over,
  };
}
const changedFrames = { digest: 'b'.repeat(64), frames: ['0'.repeat(16), 'f'.repeat(16), '2'.repeat(16)] };

describe('compareStates and verdictOf: one verdict a scene', () => {
  it('is unchanged on the same frames, whatever the pictures would say', () => {
    const c = compareStates(state(), state());
    expect(c.sameFrames).toBe(true);
    expect(verdictOf(c, null)).toBe('unchanged');
  });

  it('names the first different frame', () => {
    expect(compareStates(state(), state({ film: changedFrames })).firstDifferentFrame).toBe(1);
    expect(firstDifferentFrame(['a', 'b'], ['a', 'b', 'c'])).toBe(2);
    expect(firstDifferentFrame(['a'], ['a'])).toBeNull();
  });

  it('is within tolerance when only pixels moved, by less than the SSIM floor, and nothing the eye did changed', () => {
    const c = compareStates(state(), state({ film: changedFrames, metrics: [fixation(710)] }));
    expect(c.metrics[0]).toMatchObject({ baseline: 700, current: 710, beyond: false });
    expect(verdictOf(c, SSIM_FLOOR + 0.001)).toBe('within');
  });

  it('is beyond when a frame falls under the SSIM floor, or the frames differ with no picture to compare', () => {
    const c = compareStates(state(), state({ film: changedFrames }));
    expect(verdictOf(c, SSIM_FLOOR - 0.001)).toBe('beyond');
    expect(verdictOf(c, null)).toBe('beyond');
  });

  it('is beyond when a blink moved, even if every frame scores above the floor', () => {
    const c = compareStates(state(), state({ film: changedFrames, events: [{ kind: 'blink', startS: 0.58, durationMs: 250, amplitudeDeg: null }] }));
    expect(c.events).toEqual([expect.objectContaining({ change: 'moved', shiftMs: 80 })]);
    expect(verdictOf(c, 0.999)).toBe('beyond');
  });

  it('is beyond when the mean fixation moved past a quarter of its era\'s p10–p90 (125 ms of 500)', () => {
    expect(metricAllowance('meanFixationMs', 700, 500, 1000)).toBe(125);
    const c = compareStates(state(), state({ film: changedFrames, metrics: [fixation(826)] }));
    expect(c.metrics[0].beyond).toBe(true);
    expect(verdictOf(c, 0.999)).toBe('beyond');
    expect(compareStates(state(), state({ film: changedFrames, metrics: [fixation(824)] })).metrics[0].beyond).toBe(false);
  });

  it('holds a metric with no spread to a fraction of its baseline, and never under its measurement floor', () => {
    expect(metricAllowance('microsaccadesPerS', 2, null, null)).toBeCloseTo(0.5);
    expect(metricAllowance('medianPitchDeg', 0, 0, 0)).toBe(METRIC_TOLERANCES.medianPitchDeg.floor);
  });

  it('is beyond when the settings differ (another film), naming them', () => {
    const other = state({ settings: { ...state().settings, fps: 60 } });
    const c = compareStates(state(), other);
    expect(c.settingsChanged).toEqual(['fps 30 → 60']);
    expect(verdictOf(c, 1)).toBe('beyond');
  });
});
