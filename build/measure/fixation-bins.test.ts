import { describe, expect, it } from 'vitest';
import { fixationBins } from './fixation-bins.ts';

describe('fixationBins: fixation durations as a fine histogram', () => {
  it('counts each duration in its bin, [i·w, (i+1)·w), up to the last filled bin', () => {
    expect(fixationBins([0, 9.99, 10, 35, 35.5], 10)).toEqual({ binMs: 10, counts: [2, 1, 0, 2], n: 5 });
    expect(fixationBins([], 10)).toEqual({ binMs: 10, counts: [], n: 0 });
  });

  it('refuses a bad width or duration, stating the range', () => {
    expect(() => fixationBins([1], 0)).toThrow('binMs: expected a width above 0 ms, got 0');
    expect(() => fixationBins([-1], 10)).toThrow('expected finite values ≥ 0 ms, got -1');
    expect(() => fixationBins([NaN], 10)).toThrow('got NaN');
  });
});
