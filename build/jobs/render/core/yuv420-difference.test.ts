import { describe, expect, it } from 'vitest';
import { yuv420Difference } from './yuv420-difference.ts';

describe('yuv420Difference', () => {
  // 4x2: 8 luma samples, 2 U, 2 V.
  const a = Uint8Array.from([10, 10, 10, 10, 10, 10, 10, 10, 128, 128, 128, 128]);

  it('finds no difference between a frame and itself', () => {
    expect(yuv420Difference(a, a, 4, 2).map((p) => p.maxAbs)).toEqual([0, 0, 0]);
  });

  it('reports each plane on its own: the largest step, the share over one level, the mean', () => {
    const b = Uint8Array.from([11, 10, 13, 10, 10, 10, 10, 10, 128, 126, 129, 128]);
    expect(yuv420Difference(a, b, 4, 2)).toEqual([
      { plane: 'Y', maxAbs: 3, overOneShare: 1 / 8, meanAbs: 4 / 8 },
      { plane: 'U', maxAbs: 2, overOneShare: 1 / 2, meanAbs: 1 },
      { plane: 'V', maxAbs: 1, overOneShare: 0, meanAbs: 1 / 2 },
    ]);
  });

  it('refuses frames of the wrong length or an odd size', () => {
    expect(() => yuv420Difference(a, a.subarray(1), 4, 2)).toThrow(/yuv420p 4x2 is 12 bytes; got 12 and 11/);
    expect(() => yuv420Difference(a, a, 3, 2)).toThrow(/expected even sizes/);
  });
});
