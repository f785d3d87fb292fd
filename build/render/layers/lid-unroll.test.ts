import { describe, expect, it } from 'vitest';
import { FOLD_SKIN_MM, lidUnroll } from './lid-unroll.ts';

const PPM = 28.8;
const REST = 5.1 * PPM; // the crease ~5.1 mm above the rest margin over the pupil (crease.ts)

describe('lid unroll', () => {
  it('is the rest skin itself at rest', () => {
    expect(lidUnroll(REST, REST, PPM)).toEqual({ skinPx: REST, stretch: 1 });
  });

  it('shut (the margin ~14 mm under the crease) stretches the skin ≤ 1.45×, not the 2.7× of stretching alone', () => {
    const u = lidUnroll(REST, 14 * PPM, PPM);
    expect(u.stretch).toBeLessThan(1.45);
    expect(u.stretch).toBeGreaterThan(1);
    expect(u.skinPx - REST).toBeLessThanOrEqual(FOLD_SKIN_MM * PPM);
  });

  it('unrolls continuously and never shrinks the skin showing as the lid closes', () => {
    let last = lidUnroll(REST, REST * 0.8, PPM);
    for (let g = REST * 0.8; g <= REST * 3.5; g += 0.25) {
      const u = lidUnroll(REST, g, PPM);
      expect(u.skinPx).toBeGreaterThanOrEqual(last.skinPx - 1e-9);
      expect(u.skinPx - last.skinPx).toBeLessThan(0.3);
      last = u;
    }
  });

  it('lifted past rest (up-gaze) rolls skin into the fold instead of compressing it', () => {
    expect(lidUnroll(REST, REST - 20, PPM).stretch).toBe(1);
  });
});
