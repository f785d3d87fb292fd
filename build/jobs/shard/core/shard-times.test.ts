import { describe, expect, it } from 'vitest';
import { shardTimes } from './shard-times.ts';

const scene = (name: string, frames: number, msPerFrame: number) => ({ scene: name, frames, msPerFrame });

describe('shardTimes', () => {
  const scenes = [scene('tour', 1800, 60), scene('a', 600, 50), scene('b', 600, 50), scene('c', 600, 40), scene('long', 2700, 70)];

  it("sums each bin's frames × its scenes' own ms a frame, ÷ the renders at a time, and gives the slowest machine", () => {
    const [one, two] = shardTimes(scenes, [1, 2], 2, 100);
    // One machine: (1800·60 + 600·50·2 + 600·40 + 2700·70) / 2 = 190.5 s.
    expect(one).toEqual({ machines: 1, largestBinFrames: 6300, filmsS: 191, wholeS: 291 });
    // Two, by frames: long → 1, tour → 2, a and b → 2 (the lighter), c → 1: long + c (3,300 frames) | tour, a, b (3,000).
    expect(two.largestBinFrames).toBe(3300);
    // …but timed by each scene's own rate: (2700·70 + 600·40) / 2 = 106.5 s against (1800·60 + 2·600·50) / 2 = 84 s.
    expect(two.filmsS).toBe(107);
  });

  it('never gets faster than its longest scene, however many machines', () => {
    const times = shardTimes(scenes, [1, 2, 4, 8], 1, 0);
    expect(times.map((t) => t.filmsS)).toEqual([...times.map((t) => t.filmsS)].sort((x, y) => y - x));
    expect(times[3].filmsS).toBe(Math.round((2700 * 70) / 1000));
  });

  it('refuses no machines, a fraction of a job, or a scene without a time', () => {
    expect(() => shardTimes(scenes, [0], 1, 0)).toThrow(/machines 0/);
    expect(() => shardTimes(scenes, [1], 0.5, 0)).toThrow(/jobs 0.5/);
    expect(() => shardTimes([scene('x', 10, Number.NaN)], [1], 1, 0)).toThrow(/scene x/);
  });
});
