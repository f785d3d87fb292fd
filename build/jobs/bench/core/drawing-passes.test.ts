import { describe, expect, it } from 'vitest';
import { drawingRatios, summariseDrawing } from './drawing-passes.ts';

describe('the colour drawing from interleaved passes', () => {
  it('takes the fastest pass as the cost and the median beside it', () => {
    expect(summariseDrawing({ label: 'a', msPerFrame: [7.4, 6.3, 9.9, 6.6] })).toEqual({ label: 'a', passes: 4, fastestMs: 6.3, medianMs: 7 });
    expect(summariseDrawing({ label: 'b', msPerFrame: [11, 10.2, 14] }).medianMs).toBe(11);
  });

  it('gives this tree (last) against the first: a slow spell in one pass moves the median, not the fastest', () => {
    const filing = summariseDrawing({ label: 'filing', msPerFrame: [6.9, 7.2, 7.1] });
    const now = summariseDrawing({ label: 'this tree', msPerFrame: [10.4, 17.8, 10.2] });
    expect(drawingRatios([filing, now])).toEqual({ fastest: 1.48, median: 1.46 });
    expect(drawingRatios([now])).toBeNull();
  });

  it('rejects a tree with no passes or a pass that is not a time', () => {
    expect(() => summariseDrawing({ label: 'x', msPerFrame: [] })).toThrow(/no passes/);
    expect(() => summariseDrawing({ label: 'x', msPerFrame: [6, Number.NaN] })).toThrow(/not a positive time/);
    expect(() => summariseDrawing({ label: 'x', msPerFrame: [0] })).toThrow(/not a positive time/);
  });
});
