import { describe, expect, it } from 'vitest';
import { REST_APERTURE_MM } from '../../model/anatomy/rest.ts';
import { blinkSample, gazeSample } from '../../testing/eye-samples.ts';
import { irisPose } from './iris-pose.ts';
import { UPPER_DRAPE_MAX_MM } from './lid-drape.ts';
import { lidMargins } from './lid-margins.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, MEDIAL_POCKET_MM, restLowerMarginMm, restUpperMarginMm } from './lid-shape.ts';

const cases = [
  gazeSample(0, 0),
  gazeSample(-20, 0),
  gazeSample(22, 0),
  gazeSample(0, 8.5),
  gazeSample(0, -16),
  gazeSample(12, -10),
  blinkSample(0.3),
  blinkSample(0.7),
  blinkSample(1),
];

function xs(n = 400): number[] {
  const out: number[] = [];
  for (let i = 0; i <= n; i++) out.push(CANTHUS_LATERAL_MM.x + ((CANTHUS_MEDIAL_MM.x - CANTHUS_LATERAL_MM.x) * i) / n);
  return out;
}

describe('lidMargins', () => {
  it('passes through the model heights at the pupil column', () => {
    for (const s of cases) {
      const pose = irisPose(s);
      const m = lidMargins(s, pose);
      expect(m.pupilColumnMm).toBeCloseTo(pose.centerXMm, 9);
      expect(m.upperMm(m.pupilColumnMm)).toBeCloseTo(s.upperLidMm, 9);
      expect(m.lowerMm(m.pupilColumnMm)).toBeCloseTo(s.lowerLidMm, 9);
    }
  });

  it('keeps the opening table at the pupil column: rest 10.65, up ~10.9, down ~8.4 mm', () => {
    const ap = (s: ReturnType<typeof gazeSample>) => {
      const m = lidMargins(s, irisPose(s));
      return m.upperMm(m.pupilColumnMm) - m.lowerMm(m.pupilColumnMm);
    };
    expect(ap(gazeSample(0, 0))).toBeCloseTo(REST_APERTURE_MM, 9);
    expect(ap(gazeSample(0, 8.5))).toBeGreaterThan(10.6);
    expect(ap(gazeSample(0, 8.5))).toBeLessThan(11.2);
    expect(ap(gazeSample(0, -16))).toBeGreaterThan(8.0);
    expect(ap(gazeSample(0, -16))).toBeLessThan(8.9);
  });

  it('never lets the margins cross, and they meet at the canthi', () => {
    for (const s of cases) {
      const m = lidMargins(s, irisPose(s));
      for (const x of xs()) expect(m.upperMm(x)).toBeGreaterThanOrEqual(m.lowerMm(x) - 1e-9);
      expect(m.upperMm(m.xLateralMm)).toBeCloseTo(m.lowerMm(m.xLateralMm), 9);
      expect(m.upperMm(m.xMedialMm)).toBeCloseTo(m.lowerMm(m.xMedialMm), 9);
    }
  });

  it('shuts along the whole fissure when the blink is whole', () => {
    const s = blinkSample(1);
    const m = lidMargins(s, irisPose(s));
    for (const x of xs()) expect(m.upperMm(x)).toBeCloseTo(m.lowerMm(x), 9);
  });

  it('matches the designed rest shape at rest, apart from the small cornea rise', () => {
    const s = gazeSample(0, 0);
    const m = lidMargins(s, irisPose(s));
    for (const x of xs(50)) {
      expect(Math.abs(m.upperMm(x) - restUpperMarginMm(x))).toBeLessThan(0.3);
      expect(Math.abs(m.lowerMm(x) - restLowerMarginMm(x))).toBeLessThan(0.3);
    }
  });

  it('drapes over the cornea in a gentle rise: lift ≤ 0.55 mm and no corner in the margin', () => {
    for (const s of [...cases, gazeSample(0, 6), gazeSample(-5, 8.5)]) {
      const m = lidMargins(s, irisPose(s));
      expect(m.upperDrapeMm).toBeLessThanOrEqual(UPPER_DRAPE_MAX_MM);
      expect(m.upperDrapeMm).toBeGreaterThanOrEqual(0);
      // Slope changes smoothly everywhere between the canthi: no peak, no kink. In the medial pocket
      // (lid-shape.ts) the margin curves round on purpose (its slope turns by up to 0.08 a step there),
      // so there a kink is a jump unlike its neighbours': a corner is one step's jump, a curve's
      // steps change together.
      const grid = xs(600);
      const h = grid[1] - grid[0];
      const slope = (i: number) => (m.upperMm(grid[i + 1]) - m.upperMm(grid[i])) / h;
      const jump = (i: number) => slope(i) - slope(i - 1);
      let maxJump = 0;
      let maxPocketSpike = 0;
      for (let i = 10; i < grid.length - 11; i++) {
        if (grid[i] < CANTHUS_MEDIAL_MM.x - MEDIAL_POCKET_MM) maxJump = Math.max(maxJump, Math.abs(jump(i)));
        else maxPocketSpike = Math.max(maxPocketSpike, Math.abs(jump(i) - (jump(i - 1) + jump(i + 1)) / 2));
      }
      expect(maxJump).toBeLessThan(0.05);
      expect(maxPocketSpike).toBeLessThan(0.05);
    }
  });

  it('rides the apex of the upper lid toward the cornea as the eye turns', () => {
    const peakX = (yaw: number) => {
      const s = gazeSample(yaw, 4);
      const m = lidMargins(s, irisPose(s));
      let best = -Infinity;
      let at = 0;
      for (const x of xs()) if (m.upperMm(x) > best) [best, at] = [m.upperMm(x), x];
      return at;
    };
    expect(peakX(20)).toBeGreaterThan(peakX(-20));
  });

  it('never draws the upper margin as a straight line at any closure of a blink (the ruler of the old renderer)', () => {
    for (let c = 0; c <= 0.951; c += 0.05) {
      const s = blinkSample(c);
      const m = lidMargins(s, irisPose(s));
      const chord = (x: number) =>
        m.upperMm(m.xLateralMm) + ((x - m.xLateralMm) / (m.xMedialMm - m.xLateralMm)) * (m.upperMm(m.xMedialMm) - m.upperMm(m.xLateralMm));
      const bow = Math.max(...xs(100).map((x) => Math.abs(m.upperMm(x) - chord(x))));
      expect(bow, `closure ${c.toFixed(2)}`).toBeGreaterThan(0.5);
    }
  });

  it('closes the lateral end ahead of the medial mid-blink, and the margins still never cross', () => {
    const s = blinkSample(0.5);
    const m = lidMargins(s, irisPose(s));
    const gapAt = (x: number) => m.upperMm(x) - m.lowerMm(x);
    // 8 mm either side of the pupil column: the lateral opening is the narrower one.
    expect(gapAt(m.pupilColumnMm - 8)).toBeLessThan(gapAt(m.pupilColumnMm + 8));
    for (let c = 0; c <= 1.0001; c += 0.05) {
      const b = blinkSample(Math.min(1, c));
      const mb = lidMargins(b, irisPose(b));
      for (const x of xs(100)) expect(mb.upperMm(x)).toBeGreaterThanOrEqual(mb.lowerMm(x) - 1e-9);
    }
  });
});
