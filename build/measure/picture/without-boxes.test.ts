import { describe, expect, it } from 'vitest';
import { withoutBoxes } from './without-boxes.ts';

describe('withoutBoxes', () => {
  it('clears exactly the boxes (clipped to the frame) and leaves the input alone', () => {
    const region = new Uint8Array(6 * 4).fill(1);
    const out = withoutBoxes(region, 6, [{ x0: 1, y0: 1, x1: 3, y1: 3 }, null, { x0: 5, y0: 3, x1: 9, y1: 9 }]);
    const rows = Array.from({ length: 4 }, (_, y) => Array.from(out.subarray(y * 6, y * 6 + 6)).join(''));
    expect(rows).toEqual(['111111', '100111', '100111', '111110']);
    expect(region.every((v) => v === 1)).toBe(true);
  });
});
