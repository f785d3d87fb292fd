import { describe, expect, it } from 'vitest';
import { gazeSample } from '../../testing/eye-samples.ts';
import { irisPose } from './iris-pose.ts';
import { lidInputs, lidInputsKey } from './lid-inputs.ts';
import { lidMargins } from './lid-margins.ts';

describe('lidInputs', () => {
  it('keeps the opening at the pupil column within 0.05 mm of the model', () => {
    for (const [yaw, pitch] of [
      [0, 0],
      [13.3, -7.7],
      [-21.1, 5.3],
    ]) {
      const s = gazeSample(yaw, pitch, { wobbleXMm: 0.037 });
      const pose = irisPose(s);
      const q = lidInputs(s, pose);
      const m = lidMargins(q, q);
      const x = pose.centerXMm;
      expect(Math.abs(m.upperMm(x) - m.lowerMm(x) - s.apertureMm)).toBeLessThan(0.05);
      expect(Math.abs(m.upperMm(x) - s.upperLidMm)).toBeLessThan(0.03);
    }
  });

  it('does not change for motions far below a pixel, so the lids can be reused', () => {
    const a = gazeSample(2, -3);
    const b = { ...a, upperLidMm: a.upperLidMm + 0.001, yawDeg: a.yawDeg + 0.01 };
    expect(lidInputsKey(lidInputs(a, irisPose(a)))).toBe(lidInputsKey(lidInputs(b, irisPose(b))));
  });
});
