import { describe, expect, it } from 'vitest';
import { REST_LOWER_LID_MM } from '../../model/anatomy/rest.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM } from './crease.ts';
import { FRAME_TOP_MM, eyeFrame, frameExtentMm, xMmOf, xPx, yMmOf, yPx } from './eye-frame.ts';

describe('eyeFrame', () => {
  it('is 36 px/mm at 900 px tall and scales with the height only', () => {
    expect(eyeFrame(1440, 900).pxPerMm).toBe(36);
    expect(eyeFrame(1280, 720).pxPerMm).toBeCloseTo(28.8, 12);
    expect(eyeFrame(900, 900).pxPerMm).toBe(36);
  });

  it('puts the globe centre mid-width and low, the same mm of face at every size, +y up in mm', () => {
    const f = eyeFrame(1280, 720);
    expect(xPx(f, 0)).toBe(640);
    expect(yPx(f, FRAME_TOP_MM)).toBeCloseTo(0, 9);
    expect(yPx(f, 0)).toBeCloseTo(720 * (FRAME_TOP_MM / 25), 9);
    expect(yPx(f, 1)).toBeLessThan(yPx(f, 0));
    expect(xMmOf(f, xPx(f, 3.25))).toBeCloseTo(3.25, 12);
    expect(yMmOf(f, yPx(f, -4.5))).toBeCloseTo(-4.5, 12);
    for (const [w, h] of [[1440, 900], [1280, 720], [640, 360]] as const) {
      const e = frameExtentMm(eyeFrame(w, h));
      expect(e.topMm).toBeCloseTo(FRAME_TOP_MM, 9);
      expect(e.topMm - e.bottomMm).toBeCloseTo(25, 9);
    }
  });

  it('shows skin below the lower lid and room above the crease for the brow', () => {
    const e = frameExtentMm(eyeFrame(1440, 900));
    // 2009's down-gaze takes the lower margin to ~6.4 mm below the centre: still > 1 mm of skin.
    expect(REST_LOWER_LID_MM - e.bottomMm).toBeGreaterThan(1.5);
    expect(-6.4 - e.bottomMm).toBeGreaterThan(1);
    expect(e.topMm - CREASE_HEIGHT_AT_CENTRE_MM).toBeGreaterThan(7);
  });
});
