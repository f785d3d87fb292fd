import { describe, expect, it } from 'vitest';
import { shadowBandAlphas, shadowBandEdge, shadowProfile } from './contact-shadow.ts';

describe('the lid\'s contact shadow, as stacked strokes of the margin', () => {
  it('stacks to the profile at every band\'s edge: darkest at the margin, nothing at its depth', () => {
    const bands = 9;
    const alphas = shadowBandAlphas(bands);
    // Widest first: band i (from the widest) reaches shadowBandEdge(bands − 1 − i).
    for (let j = 0; j < bands; j++) {
      const t = j === 0 ? 0 : shadowBandEdge(j - 1, bands);
      let clear = 1;
      alphas.forEach((a, i) => {
        if (shadowBandEdge(bands - 1 - i, bands) > t) clear *= 1 - a;
      });
      expect(1 - clear).toBeCloseTo(shadowProfile(t), 12);
    }
    expect(shadowProfile(0)).toBeGreaterThan(0.5);
    expect(shadowProfile(1)).toBe(0);
    expect(shadowBandEdge(bands - 1, bands)).toBeCloseTo(1, 12);
    for (const a of alphas) expect(a).toBeGreaterThan(0);
  });
});
