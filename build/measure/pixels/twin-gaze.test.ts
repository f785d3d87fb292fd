import { describe, expect, it } from 'vitest';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { gazeFromPupilCenter } from './twin-gaze.ts';

describe('gazeFromPupilCenter', () => {
  it('inverts the twin\'s iris pose (no wobble) to 1e-9°', () => {
    for (const [yawDeg, pitchDeg] of [
      [0, 0],
      [30, -20],
      [-12.5, 7],
      [45, 40],
    ]) {
      const p = irisPose({ yawDeg, pitchDeg, wobbleXMm: 0, wobbleYMm: 0, pupilMm: 4 });
      const g = gazeFromPupilCenter(p.centerXMm, p.centerYMm);
      expect(g.yawDeg).toBeCloseTo(yawDeg, 9);
      expect(g.pitchDeg).toBeCloseTo(pitchDeg, 9);
    }
  });
  it('reads wobble as a small gaze offset, and clamps outside the globe', () => {
    const p = irisPose({ yawDeg: 0, pitchDeg: 0, wobbleXMm: 0.1, wobbleYMm: 0, pupilMm: 4 });
    expect(gazeFromPupilCenter(p.centerXMm, p.centerYMm).yawDeg).toBeCloseTo((Math.asin(0.1 / 12) * 180) / Math.PI, 9);
    expect(gazeFromPupilCenter(0, 13).pitchDeg).toBe(90);
  });
});
