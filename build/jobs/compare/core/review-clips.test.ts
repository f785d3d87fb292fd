import { describe, expect, it } from 'vitest';
import { clipPanels, reviewClips, scriptEras, shardClips } from './review-clips.ts';

describe('reviewClips', () => {
  const names = ['1970-script', '1970-script-none', '1970-script-generic', '1970-rest', '1981-script', '1981-rest', '2026-script', '2026-visitor', 'tour'];

  it('gives each era script its none / generic / tuned clip (own files when both exist, else presets), then the eras tiled', () => {
    expect(reviewClips(names)).toEqual([
      { file: '1970-none-generic-tuned.mp4', scenes: ['1970-script-none', '1970-script-generic', '1970-script'], tiled: false },
      { file: '1981-none-generic-tuned.mp4', scenes: ['1981-script'], presets: ['none', 'generic', 'tuned'], tiled: false },
      { file: '2026-none-generic-tuned.mp4', scenes: ['2026-script'], presets: ['none', 'generic', 'tuned'], tiled: false },
      { file: 'eras-tuned.mp4', scenes: ['1970-script', '1981-script', '2026-script'], tiled: true },
    ]);
  });

  it('uses presets when only one of the none / generic files exists', () => {
    expect(reviewClips(['1970-script', '1970-script-none'])[0]).toEqual({ file: '1970-none-generic-tuned.mp4', scenes: ['1970-script'], presets: ['none', 'generic', 'tuned'], tiled: false });
  });

  it('lists the eras that have a script scene, once each', () => {
    expect(scriptEras(names)).toEqual(['1970', '1981', '2026']);
  });

  it('keeps only the eras asked for; one era has no tile', () => {
    expect(reviewClips(names, ['1981', '2026']).map((c) => c.file)).toEqual(['1981-none-generic-tuned.mp4', '2026-none-generic-tuned.mp4', 'eras-tuned.mp4']);
    expect(reviewClips(names, ['1981']).map((c) => c.file)).toEqual(['1981-none-generic-tuned.mp4']);
  });
});

describe('shardClips', () => {
  const eras = ['1970', '1981', '1991', '1995', '2003', '2009', '2013', '2026'];
  const clips = reviewClips(eras.map((e) => `${e}-script`));

  it('weighs a clip by its panels: three for an era, one per era for the tile', () => {
    expect(clips.map(clipPanels)).toEqual([...eras.map(() => 3), 8]);
  });

  it('gives every clip to exactly one shard, balanced by panels, each shard in reviewClips order (an era before the tile)', () => {
    for (const count of [1, 2, 3, 4, 8]) {
      const shards = Array.from({ length: count }, (_, i) => shardClips(clips, { index: i + 1, count }));
      expect(shards.flat().map((c) => c.file).sort()).toEqual(clips.map((c) => c.file).sort());
      for (const s of shards) expect(s).toEqual(clips.filter((c) => s.includes(c)));
      const loads = shards.map((s) => s.reduce((n, c) => n + clipPanels(c), 0));
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(8);
    }
    // Two shards of 32 panels: the tile (8) first into shard 1, then the eras by name into the lighter one: 1970, 1981, 1991 to shard 2 before shard 1 is lighter.
    const two = [1, 2].map((index) => shardClips(clips, { index, count: 2 }));
    expect(two.map((s) => s.reduce((n, c) => n + clipPanels(c), 0))).toEqual([17, 15]);
    expect(two[0].map((c) => c.file)).toEqual(['1995-none-generic-tuned.mp4', '2009-none-generic-tuned.mp4', '2026-none-generic-tuned.mp4', 'eras-tuned.mp4']);
  });
});
