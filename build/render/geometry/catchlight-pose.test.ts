import { describe, expect, it } from 'vitest';
import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import { gazeSample } from '../../testing/eye-samples.ts';
import { catchlightCentreMm, catchlightSizeMm, catchlightStrength } from './catchlight-pose.ts';
import { irisPose } from './iris-pose.ts';

describe('the catchlight on the cornea', () => {
  it('moves with the cornea as the eye turns, about half as far as the iris', () => {
    for (const era of ['2000', '2009', '2013', '2026'] as const) {
      const light = ERA_LIGHT[era];
      const rest = catchlightCentreMm(gazeSample(0, 0), light);
      for (const [yaw, pitch] of [[15, 0], [-15, 0], [0, 8], [0, -14], [10, -6]] as const) {
        const s = gazeSample(yaw, pitch);
        const c = catchlightCentreMm(s, light);
        const iris = irisPose(s);
        const irisMove = Math.hypot(iris.centerXMm, iris.centerYMm);
        const ratio = Math.hypot(c.xMm - rest.xMm, c.yMm - rest.yMm) / irisMove;
        expect(ratio).toBeGreaterThan(0.45);
        expect(ratio).toBeLessThan(0.65);
        // The same way as the iris.
        expect((c.xMm - rest.xMm) * iris.centerXMm + (c.yMm - rest.yMm) * iris.centerYMm).toBeGreaterThan(0);
      }
    }
  });

  it('stays on the cornea (within the limbus) over the eye\'s whole range', () => {
    for (const light of Object.values(ERA_LIGHT)) {
      for (const [yaw, pitch] of [[0, 0], [20, 0], [-20, 0], [0, 9], [0, -16]] as const) {
        const s = gazeSample(yaw, pitch);
        const c = catchlightCentreMm(s, light);
        const iris = irisPose(s);
        expect(Math.hypot(c.xMm - iris.centerXMm, c.yMm - iris.centerYMm)).toBeLessThan(iris.radiusMm - 1);
      }
    }
  });

  it('is the device\'s own shape and size: a phone held in portrait, a laptop landscape, a ring for 2013', () => {
    const phone = catchlightSizeMm(ERA_LIGHT['2009']);
    expect(phone.heightMm).toBeGreaterThan(1.3 * phone.widthMm);
    const laptop = catchlightSizeMm(ERA_LIGHT['2000']);
    expect(laptop.widthMm).toBeGreaterThan(1.2 * laptop.heightMm);
    // A convex mirror of f = 3.9 mm: a 28 cm screen at 50 cm is ~2.2 mm on the cornea.
    expect(laptop.widthMm).toBeCloseTo(2.18, 2);
    expect(ERA_LIGHT['2013'].catchlight.kind).toBe('ring');
    expect(catchlightStrength(ERA_LIGHT['1970'])).toBeLessThan(catchlightStrength(ERA_LIGHT['2009']));
  });
});
