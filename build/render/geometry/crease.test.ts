import { describe, expect, it } from 'vitest';
import { REST_UPPER_LID_MM } from '../../model/anatomy/rest.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM, creaseMm } from './crease.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, restUpperMarginMm } from './lid-shape.ts';
import { gazeSample } from '../../testing/eye-samples.ts';
import { lidMargins } from './lid-margins.ts';
import { irisPose } from './iris-pose.ts';

describe('crease', () => {
  it('lies 6.5 mm along the 13 mm lid sphere above the rest margin (~5 mm in the picture)', () => {
    const restAngle = Math.asin(REST_UPPER_LID_MM / 13);
    expect(Math.asin(CREASE_HEIGHT_AT_CENTRE_MM / 13) - restAngle).toBeCloseTo(6.5 / 13, 9);
    expect(CREASE_HEIGHT_AT_CENTRE_MM - REST_UPPER_LID_MM).toBeGreaterThan(4);
    expect(CREASE_HEIGHT_AT_CENTRE_MM - REST_UPPER_LID_MM).toBeLessThan(6.5);
    expect(creaseMm(0)).toBeCloseTo(CREASE_HEIGHT_AT_CENTRE_MM, 9);
  });

  it('stays above the upper margin across the fissure, even looking up', () => {
    const s = gazeSample(0, 8.5);
    const m = lidMargins(s, irisPose(s));
    for (let x = CANTHUS_LATERAL_MM.x; x <= CANTHUS_MEDIAL_MM.x; x += 0.25) {
      expect(creaseMm(x) - restUpperMarginMm(x)).toBeGreaterThan(0.9);
      expect(creaseMm(x) - m.upperMm(x)).toBeGreaterThan(0.6);
    }
  });
});
