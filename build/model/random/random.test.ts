import { describe, expect, it } from 'vitest';
import { Random } from './random.ts';

describe('Random', () => {
  it('repeats for the same seed', () => {
    const a = Random.fromSeed(7);
    const b = Random.fromSeed(7);
    for (let i = 0; i < 100; i++) expect(a.next()).toBe(b.next());
  });

  it('spawned children do not depend on draws made by the parent or siblings', () => {
    const p1 = Random.fromSeed(3);
    const p2 = Random.fromSeed(3);
    for (let i = 0; i < 57; i++) p2.next();
    p2.spawn('blink').next();
    const c1 = p1.spawn('saccade');
    const c2 = p2.spawn('saccade');
    for (let i = 0; i < 50; i++) expect(c1.next()).toBe(c2.next());
    expect(Random.fromSeed(3).spawn('blink').next()).not.toBe(Random.fromSeed(3).spawn('saccade').next());
  });

  it('gamma and exponential have the asked means (within 2 %)', () => {
    const r = Random.fromSeed(11);
    const n = 40_000;
    let g = 0;
    let e = 0;
    for (let i = 0; i < n; i++) {
      g += r.gamma(4, 750);
      e += r.exponential(5);
    }
    expect(g / n).toBeGreaterThan(750 * 0.98);
    expect(g / n).toBeLessThan(750 * 1.02);
    expect(e / n).toBeGreaterThan(5 * 0.98);
    expect(e / n).toBeLessThan(5 * 1.02);
  });

  it('normal has mean 0 and variance 1 (within 3 %)', () => {
    const r = Random.fromSeed(5);
    let s = 0;
    let s2 = 0;
    const n = 40_000;
    for (let i = 0; i < n; i++) {
      const x = r.normal();
      s += x;
      s2 += x * x;
    }
    expect(Math.abs(s / n)).toBeLessThan(0.03);
    expect(Math.abs(s2 / n - 1)).toBeLessThan(0.03);
  });
});
