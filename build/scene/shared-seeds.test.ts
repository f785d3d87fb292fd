import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listScenes, SCENES_DIR } from '../node/io/load-scene.ts';
import { describe, expect, it } from 'vitest';
import { parseScene } from './parse.ts';
import { unexplainedSharedSeeds, type SceneFile } from '../testing/shared-seeds.ts';

const sceneFiles = (): SceneFile[] => listScenes().map((name) => ({ name, raw: JSON.parse(readFileSync(join(SCENES_DIR, `${name}.json`), 'utf8')) as unknown }));

describe('a seed per scene (no two eras share a blink timeline)', () => {
  it('no two files under scenes/ share a seed unless their $comment says why', () => {
    expect(unexplainedSharedSeeds(sceneFiles())).toEqual([]);
  });

  it('flags a shared seed, the default seed shared by omission, and accepts a comparison that names its pair', () => {
    const a = { name: 'a', raw: { era: '1970', seed: 7 } };
    const b = { name: 'b', raw: { era: '1981', seed: 7 } };
    expect(unexplainedSharedSeeds([a, b])).toEqual([
      'a shares seed 7 with b and its $comment does not say why',
      'b shares seed 7 with a and its $comment does not say why',
    ]);
    expect(unexplainedSharedSeeds([{ name: 'c', raw: { era: '1970' } }, { name: 'd', raw: { era: '2026' } }])).toHaveLength(2);
    const pair = [
      { name: 'x', raw: { $comment: 'matches y frame for frame', era: '1970', seed: 3 } },
      { name: 'y', raw: { $comment: 'the pair of x', era: '1970', seed: 3 } },
    ];
    expect(unexplainedSharedSeeds(pair)).toEqual([]);
  });

  it('proof films are 20 s unless a scene says otherwise; the tour is 60 s, a visitor 90 s (its 45 s of stillness ends in boredom)', () => {
    for (const f of sceneFiles()) {
      const scene = parseScene(f.raw, f.name, f.name);
      expect(scene.durationS, f.name).toBe(f.name === 'tour' ? 60 : f.name.endsWith('-visitor') ? 90 : 20);
    }
  });
});
