import { describe, expect, it } from 'vitest';
import { eyeFrame, xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { corneaBoxPx, measureGlint } from './glint.ts';

describe('the glint read from its plane', () => {
  it('finds a bright blob\'s coverage-weighted centroid and area in mm, and nothing on a black plane', () => {
    const f = eyeFrame(640, 360);
    const box = corneaBoxPx(f);
    const data = new Uint8ClampedArray(box.w * box.h * 4);
    expect(Number.isNaN(measureGlint(data, box, f).xMm)).toBe(true);
    // A 20 × 10 px rectangle at (+1.5 mm, −1 mm), with a half-covered column on its right.
    const cx = xPx(f, 1.5);
    const cy = yPx(f, -1);
    for (let y = Math.round(cy - 5); y < Math.round(cy + 5); y++) {
      for (let x = Math.round(cx - 10); x <= Math.round(cx + 10); x++) {
        data[((y - box.y) * box.w + (x - box.x)) * 4] = x === Math.round(cx + 10) ? 128 : 255;
      }
    }
    const g = measureGlint(data, box, f);
    expect(g.xMm).toBeGreaterThan(1.5 - 0.05);
    expect(g.xMm).toBeLessThan(1.5 + 0.05);
    expect(g.yMm).toBeCloseTo(-1, 1);
    expect(g.areaMm2).toBeCloseTo((20.5 * 10) / f.pxPerMm ** 2, 1);
    expect(() => measureGlint(data.subarray(4), box, f)).toThrow(/bytes/);
  });
});
