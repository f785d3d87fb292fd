import { describe, expect, it } from 'vitest';
import { polylineAt, stripsAcross } from './strips.ts';

describe('stripsAcross', () => {
  it('tiles the span with whole-pixel strips that abut exactly, narrower at the ends', () => {
    const s = stripsAcross(211.3, 1255.8, 14);
    expect(s[0].x0Px).toBe(211);
    expect(s[s.length - 1].x1Px).toBe(1256);
    for (let i = 1; i < s.length; i++) expect(s[i].x0Px).toBe(s[i - 1].x1Px);
    const w = s.map((t) => t.x1Px - t.x0Px);
    expect(w[0]).toBeLessThan(w[7]);
    expect(w[w.length - 1]).toBeLessThan(w[7]);
  });
});

describe('polylineAt', () => {
  it('interpolates a polyline and gives its slope', () => {
    const p = polylineAt([0, 0, 10, 10, 20, 0], 15);
    expect(p.yPx).toBe(5);
    expect(p.slope).toBe(-1);
  });
});
