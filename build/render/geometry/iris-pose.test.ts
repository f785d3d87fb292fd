import { describe, expect, it } from 'vitest';
import { gazeSample } from '../../testing/eye-samples.ts';
import { eyeFrame, yPx } from './eye-frame.ts';
import { discEllipsePx, irisPose } from './iris-pose.ts';

describe('irisPose', () => {
  it('centres the iris on the globe centre at rest, a full circle', () => {
    const p = irisPose(gazeSample(0, 0));
    expect(p.centerXMm).toBeCloseTo(0, 12);
    expect(p.centerYMm).toBeCloseTo(0, 12);
    expect(p.minorScale).toBeCloseTo(1, 12);
  });

  it('moves the iris centre by 12 mm·sin(yaw) and squashes it by cos(yaw)', () => {
    for (const yaw of [-25, -8.5, 5, 20]) {
      const p = irisPose(gazeSample(yaw, 0));
      expect(p.centerXMm).toBeCloseTo(12 * Math.sin((yaw * Math.PI) / 180), 9);
      expect(p.centerYMm).toBeCloseTo(0, 9);
      expect(p.minorScale).toBeCloseTo(Math.cos((yaw * Math.PI) / 180), 9);
    }
  });

  it('moves up by 12 mm·sin(pitch) with +pitch up', () => {
    const p = irisPose(gazeSample(0, 8.5));
    expect(p.centerYMm).toBeCloseTo(12 * Math.sin((8.5 * Math.PI) / 180), 9);
  });

  it('adds the wobble in the image plane', () => {
    const p = irisPose(gazeSample(0, 0, { wobbleXMm: 0.1, wobbleYMm: -0.05 }));
    expect(p.centerXMm).toBeCloseTo(0.1, 12);
    expect(p.centerYMm).toBeCloseTo(-0.05, 12);
  });

  it('puts the pupil diameter in, halved', () => {
    expect(irisPose(gazeSample(0, 0, { pupilMm: 6 })).pupilRadiusMm).toBe(3);
  });
});

describe('discEllipsePx', () => {
  it('is 216 px in radius at 1440×900 and flips y', () => {
    const f = eyeFrame(1440, 900);
    const e = discEllipsePx(f, irisPose(gazeSample(0, 8.5)), 6);
    expect(e.radiusYPx).toBeCloseTo(216, 9);
    expect(e.xPx).toBeCloseTo(720, 9);
    expect(e.yPx).toBeLessThan(yPx(f, 0)); // looking up: above the globe centre's row
  });

  it('foreshortens along the direction of the turn', () => {
    const f = eyeFrame(1280, 720);
    const e = discEllipsePx(f, irisPose(gazeSample(20, 0)), 6);
    expect(e.rotationRad).toBeCloseTo(0, 12);
    expect(e.radiusXPx).toBeCloseTo(6 * 28.8 * Math.cos((20 * Math.PI) / 180), 9);
    expect(e.radiusYPx).toBeCloseTo(6 * 28.8, 9);
  });
});
