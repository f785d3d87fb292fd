import { describe, expect, it } from 'vitest';
import { parseShard, sceneFrames, shardBins } from './shard-scenes.ts';

const s = (name: string, durationS: number, fps = 30) => ({ name, durationS, fps });

describe('shardBins', () => {
  it('puts the longest scenes first into the emptiest bin (ties by name, then the lowest bin), each bin sorted by name', () => {
    const scenes = [s('b', 20), s('a', 20), s('tour', 60), s('c', 20), s('d', 10), s('e', 10)];
    const bins = shardBins(scenes, 2);
    // tour (1800) → bin 1; a, b, c (600 each, by name) → bin 2 (1800); d (300): a tie, the lowest bin → 1; e → 2.
    expect(bins.map((b) => b.map((x) => x.name))).toEqual([['d', 'tour'], ['a', 'b', 'c', 'e']]);
    expect(bins.map((b) => b.reduce((n, x) => n + sceneFrames(x), 0))).toEqual([2100, 2100]);
  });

  it('gives every scene to exactly one bin, and the same bins whatever order the scenes come in', () => {
    const scenes = Array.from({ length: 24 }, (_, i) => s(`scene-${String(i).padStart(2, '0')}`, i === 7 ? 60 : 20, i % 3 === 0 ? 60 : 30));
    for (const n of [1, 2, 3, 5, 30]) {
      const bins = shardBins(scenes, n);
      expect(bins).toHaveLength(n);
      expect(bins.flat().map((x) => x.name).sort()).toEqual(scenes.map((x) => x.name).sort());
      expect(shardBins([...scenes].reverse(), n)).toEqual(bins);
    }
  });

  it('keeps bins within one scene of each other (greedy longest-first)', () => {
    const scenes = Array.from({ length: 24 }, (_, i) => s(`s${i}`, i === 0 ? 60 : 20));
    const totals = shardBins(scenes, 3).map((b) => b.reduce((n, x) => n + sceneFrames(x), 0));
    expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(600);
  });

  it('refuses a scene named twice', () => {
    expect(() => shardBins([s('a', 1), s('a', 2)], 2)).toThrow(/scene "a" is named twice/);
  });
});

describe('parseShard', () => {
  it('reads i/n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
  });
  it('refuses anything else, stating the range', () => {
    for (const bad of ['0/2', '3/2', '1/0', '1/65', '2', 'a/b', '1/2/3', '-1/2']) expect(() => parseShard(bad)).toThrow(/expected i\/n with 1 ≤ i ≤ n ≤ 64/);
  });
});
