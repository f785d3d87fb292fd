import { describe, expect, it } from 'vitest';
import { Random } from '../../random/random.ts';
import { clampedGammaMeanMs, FIXATION_LAW, FixationDurations, preClampMeanFor, READING_FIXATION_LAW } from './fixation-duration.ts';
import { effectiveFixMs } from './patterns/create-pattern.ts';

const N = 200_000;

function stats(f: FixationDurations): { raw: number; clamped: number; min: number; max: number } {
  let raw = 0;
  let clamped = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < N; i++) raw += f.drawRawMs();
  for (let i = 0; i < N; i++) {
    const v = f.drawMs();
    clamped += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { raw: raw / N, clamped: clamped / N, min, max };
}

describe('fixation durations', () => {
  it('free viewing: gamma k 4, the draws average fixMs within 3 %, clamped to 0.1–2.5 s', () => {
    const f = new FixationDurations(Random.fromSeed(1).spawn('fix'), FIXATION_LAW, 900);
    const s = stats(f);
    console.log(`k 4, fixMs 900: raw draws ${s.raw.toFixed(1)} ms, clamped ${s.clamped.toFixed(1)} ms`);
    expect(Math.abs(s.raw / 900 - 1)).toBeLessThan(0.03);
    expect(Math.abs(s.clamped / 900 - 1)).toBeLessThan(0.03);
    expect(s.min).toBeGreaterThanOrEqual(100);
    expect(s.max).toBeLessThanOrEqual(2500);
  });

  it('reading: gamma k 5, clamped to 0.25–1.6 s; the clamp compensation is < 1 %', () => {
    // The clamps alone would pull a 750 ms reading mean to ~747 ms (eye.md §10).
    expect(clampedGammaMeanMs(READING_FIXATION_LAW, 750)).toBeGreaterThan(745);
    expect(clampedGammaMeanMs(READING_FIXATION_LAW, 750)).toBeLessThan(749);
    const f = new FixationDurations(Random.fromSeed(2).spawn('fix'), READING_FIXATION_LAW, 750);
    expect(Math.abs(f.preClampMeanMs / 750 - 1)).toBeLessThan(0.01);
    const s = stats(f);
    console.log(`k 5, fixMs 750: pre-clamp mean ${f.preClampMeanMs.toFixed(1)} ms, raw draws ${s.raw.toFixed(1)} ms, clamped ${s.clamped.toFixed(1)} ms`);
    expect(Math.abs(s.raw / 750 - 1)).toBeLessThan(0.03);
    expect(Math.abs(s.clamped / 750 - 1)).toBeLessThan(0.01);
    expect(s.min).toBeGreaterThanOrEqual(250);
    expect(s.max).toBeLessThanOrEqual(1600);
  });

  it('the clamped mean is exact: the solver inverts the clamped-gamma mean', () => {
    for (const target of [400, 750, 900, 1800]) {
      expect(clampedGammaMeanMs(FIXATION_LAW, preClampMeanFor(FIXATION_LAW, target))).toBeCloseTo(target, 3);
    }
  });

  it('calm-cap margin: a table mean on the 750 ms cap runs at 795 ms; others and overrides as given', () => {
    expect(effectiveFixMs(750, undefined)).toBeCloseTo(795, 9);
    expect(effectiveFixMs(900, undefined)).toBe(900);
    expect(effectiveFixMs(750, 400)).toBe(400);
  });
});
