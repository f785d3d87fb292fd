import { describe, expect, it } from 'vitest';
import { box, luma } from './image-planes.ts';

/** The k×k box summed directly, clamped alike: what the separable box must equal. */
function directBox(p: Float64Array, w: number, h: number, k: number): Float64Array {
  const r = Math.floor(k / 2);
  const out = new Float64Array(p.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          s += p[yy * w + xx];
          n++;
        }
      }
      out[y * w + x] = s / n;
    }
  }
  return out;
}

describe('image planes', () => {
  it('box: the separable mean equals the direct k×k mean, edges included', () => {
    const w = 11;
    const h = 7;
    const p = Float64Array.from({ length: w * h }, (_, i) => Math.sin(i * 1.7) * 50 + (i % 5));
    for (const k of [1, 2, 3, 5, 9]) {
      const a = box(p, w, h, k);
      const b = directBox(p, w, h, k);
      for (let i = 0; i < a.length; i++) expect(a[i]).toBeCloseTo(b[i], 10);
    }
  });

  it('box: a constant plane stays constant', () => {
    const p = new Float64Array(20).fill(3);
    expect([...box(p, 5, 4, 3)]).toEqual(new Array(20).fill(3));
  });

  it('luma: Rec. 709 weights, relative to the mean', () => {
    const l = luma({ w: 2, h: 1, rgba: [100, 100, 100, 255, 300, 300, 300, 255] });
    expect(l[0]).toBeCloseTo(0.5, 12);
    expect(l[1]).toBeCloseTo(1.5, 12);
    const g = luma({ w: 2, h: 1, rgba: [0, 10, 0, 255, 0, 30, 0, 255] });
    expect(g[1] / g[0]).toBeCloseTo(3, 12);
  });
});
