import { describe, expect, it } from 'vitest';
import { eyeFrame, xMmOf, xPx, yMmOf, yPx } from './eye-frame.ts';

describe('eyeFrame', () => {
  it('is 36 px/mm at 900 px tall and scales with the height only', () => {
    expect(eyeFrame(1440, 900).pxPerMm).toBe(36);
    expect(eyeFrame(1280, 720).pxPerMm).toBeCloseTo(28.8, 12);
    expect(eyeFrame(900, 900).pxPerMm).toBe(36);
  });

  it('puts the globe centre mid-canvas with +y up in mm', () => {
    const f = eyeFrame(1280, 720);
    expect(xPx(f, 0)).toBe(640);
    expect(yPx(f, 0)).toBe(360);
    expect(yPx(f, 1)).toBeLessThan(360);
    expect(xMmOf(f, xPx(f, 3.25))).toBeCloseTo(3.25, 12);
    expect(yMmOf(f, yPx(f, -4.5))).toBeCloseTo(-4.5, 12);
  });
});
