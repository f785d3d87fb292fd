import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../scene/scene.ts';
import { Random } from '../../random/random.ts';
import { createGaze } from './create-gaze.ts';
import { gazeScene } from './run-gaze.ts';

describe('speed', () => {
  it('prints gaze steps per wall-second (the aim for the whole eye is 5,000× real time)', () => {
    const scenes: Scene[] = [
      gazeScene('1995'),
      gazeScene('2026', {
        mode: 'rest',
        pointer: Array.from({ length: 200 }, (_, i) => ({ tS: i * 3, xR: (i % 5) - 2, yR: (i % 3) - 1, kind: 'move' as const })),
      }),
    ];
    for (const scene of scenes) {
      // Warm the JIT first: the first simulated minute runs several times slower than the rest.
      const warm = createGaze(scene, Random.fromSeed(2).spawn('gaze'));
      for (let i = 0; i < 240 * 120; i++) warm.step();
      const gaze = createGaze(scene, Random.fromSeed(1).spawn('gaze'));
      const steps = 240 * 600;
      const t0 = performance.now();
      for (let i = 0; i < steps; i++) {
        gaze.step();
        gaze.drainEvents();
      }
      const perS = steps / ((performance.now() - t0) / 1000);
      console.log(`gaze ${scene.era} ${scene.mode}: ${Math.round(perS).toLocaleString('en')} steps/s = ${Math.round(perS / 240).toLocaleString('en')}× real time`);
      expect(perS / 240).toBeGreaterThan(500); // loose: vitest's module transform and shared cores slow it; the value is printed
    }
  });
});
