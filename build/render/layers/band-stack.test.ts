import { describe, expect, it } from 'vitest';
import { stackedBandAlphas } from './band-stack.ts';

describe('nested bands stacked into one fade', () => {
  it('stack to the profile at every band\'s inner edge, widest first, whatever the edges', () => {
    for (const edges of [[0.25, 0.5, 0.75, 1], [0.1, 0.3, 0.6, 1]]) {
      const profile = (t: number): number => 0.8 * (1 - Math.min(1, t)) ** 1.5;
      const alphas = stackedBandAlphas(edges, profile);
      expect(alphas).toHaveLength(edges.length);
      for (let j = 0; j < edges.length; j++) {
        const t = j === 0 ? 0 : edges[j - 1];
        let clear = 1;
        // alphas[i] is band edges.length − 1 − i, which reaches edges[edges.length − 1 − i].
        alphas.forEach((a, i) => {
          if (edges[edges.length - 1 - i] > t) clear *= 1 - a;
        });
        expect(1 - clear).toBeCloseTo(profile(t), 12);
      }
      for (const a of alphas) expect(a).toBeGreaterThan(0);
    }
  });
});
