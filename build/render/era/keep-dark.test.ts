import { describe, expect, it } from 'vitest';
import { clipByConvex, ellipsePolygonPx, scaledKeepDark, visiblePupilPx } from './keep-dark.ts';

function area(p: number[]): number {
  let a = 0;
  for (let i = 0; i < p.length / 2; i++) {
    const j = (i + 1) % (p.length / 2);
    a += p[2 * i] * p[2 * j + 1] - p[2 * j] * p[2 * i + 1];
  }
  return Math.abs(a) / 2;
}

describe('the visible pupil the grade keeps dark', () => {
  const pupil = { xPx: 100, yPx: 100, radiusXPx: 40, radiusYPx: 40, rotationRad: 0 };

  it('is the whole pupil inside a wide opening', () => {
    const opening = [0, 0, 200, 0, 200, 200, 0, 200];
    expect(area(visiblePupilPx({ aperturePx: opening, pupil }))).toBeCloseTo(area(ellipsePolygonPx(pupil)), 6);
    expect(area(ellipsePolygonPx(pupil))).toBeGreaterThan(0.99 * Math.PI * 1600);
  });

  it('is cut by a lid that covers the pupil\'s upper half, and empty when the lids meet below it', () => {
    const lowered = [0, 100, 200, 100, 200, 200, 0, 200];
    expect(area(visiblePupilPx({ aperturePx: lowered, pupil }))).toBeCloseTo(area(ellipsePolygonPx(pupil)) / 2, 6);
    expect(visiblePupilPx({ aperturePx: [0, 150, 200, 150, 200, 200, 0, 200], pupil })).toEqual([]);
  });

  it('clips a concave opening by a convex clip of either winding', () => {
    const square = [0, 0, 10, 0, 10, 10, 0, 10];
    const notch = [-5, -5, 15, -5, 15, 15, 5, 5, -5, 15]; // a V notch down to the centre
    expect(area(clipByConvex(notch, square))).toBeCloseTo(75, 9);
    expect(area(clipByConvex(notch, square.slice().reverse().flatMap((_, i, r) => (i % 2 === 0 ? [r[i + 1], r[i]] : []))))).toBeCloseTo(75, 9);
  });
});

describe('scaledKeepDark', () => {
  it('scales the opening and the pupil about the centre, and is the identity at scale 1', () => {
    const k = { aperturePx: [0, 0, 10, 0, 10, 10], pupil: { xPx: 10, yPx: 20, radiusXPx: 4, radiusYPx: 5, rotationRad: 0.3 } };
    expect(scaledKeepDark(k, 0, 0, 1)).toBe(k);
    const s = scaledKeepDark(k, 10, 10, 0.5);
    expect(s.aperturePx).toEqual([5, 5, 10, 5, 10, 10]);
    expect(s.pupil).toEqual({ xPx: 10, yPx: 15, radiusXPx: 2, radiusYPx: 2.5, rotationRad: 0.3 });
  });
});
