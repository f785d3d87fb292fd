import { describe, expect, it } from 'vitest';
import { gazePitchUnits, pitchDegFromRigY, PITCH_UP_LIMIT_UNITS, rigYFromPitchDeg, rigYFromPitchUnits } from './gaze-pitch.ts';

describe('gazePitchUnits', () => {
  it('is 0 at 0 and continuous there', () => {
    expect(gazePitchUnits(0)).toBe(0);
    expect(gazePitchUnits(1e-9)).toBeCloseTo(0, 8);
    expect(gazePitchUnits(-1e-9)).toBeCloseTo(0, 8);
  });

  it('stops softly up: 8.5° at y = 1, never past ~9.6°', () => {
    expect(pitchDegFromRigY(1)).toBeCloseTo(8.5, 10);
    expect(pitchDegFromRigY(3)).toBeLessThan(PITCH_UP_LIMIT_UNITS * 10);
    expect(PITCH_UP_LIMIT_UNITS * 10).toBeCloseTo(9.6, 1);
  });

  it('runs on down: 16° at y = −1, linear', () => {
    expect(pitchDegFromRigY(-1)).toBeCloseTo(-16, 10);
    expect(gazePitchUnits(-0.5)).toBeCloseTo(-0.8, 12);
  });

  it('is monotonic', () => {
    let last = -Infinity;
    for (let y = -2; y <= 2; y += 0.01) {
      const p = gazePitchUnits(y);
      expect(p).toBeGreaterThan(last);
      last = p;
    }
  });

  it('inverts (the brow reads the raw rig gaze)', () => {
    for (let y = -1.5; y <= 1.5; y += 0.05) {
      expect(rigYFromPitchUnits(gazePitchUnits(y))).toBeCloseTo(y, 9);
      expect(rigYFromPitchDeg(pitchDegFromRigY(y))).toBeCloseTo(y, 9);
    }
    expect(Number.isFinite(rigYFromPitchUnits(5))).toBe(true);
  });
});
