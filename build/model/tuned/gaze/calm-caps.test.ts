import { describe, expect, it } from 'vitest';
import { ERA_IDS } from '../../../scene/scene.ts';
import { gazeCapStats } from './gaze-stats.ts';
import { gazeScene, runGaze } from './run-gaze.ts';

/**
 * The calm caps (eye.md §10), counted from the generator's own ground truth, per era in script mode,
 * 10 min of scene time, three seeds each. (The detector proves the same from the sampled signal.)
 */
const SEEDS = [1, 2, 3];
const DURATION_S = 600;

describe('calm caps from ground truth, 10 min per era, script mode', () => {
  const rows: string[] = [];
  for (const era of ERA_IDS) {
    it(`${era}: saccades ≤ 1.6/s, microsaccades ≤ 0.5/s, mean fixation ≥ 750 ms`, () => {
      for (const seed of SEEDS) {
        const stats = gazeCapStats(runGaze(gazeScene(era, { seed }), DURATION_S), DURATION_S);
        rows.push(
          `${era} seed ${seed}: ${stats.saccadesPerS.toFixed(3)} sacc/s, ${stats.microsaccadesPerS.toFixed(3)} micro/s, ` +
            `mean fixation ${stats.meanFixationMs.toFixed(0)} ms over ${stats.fixations}`,
        );
        expect(stats.saccadesPerS).toBeLessThanOrEqual(1.6);
        expect(stats.microsaccadesPerS).toBeLessThanOrEqual(0.5);
        // A pattern without saccades (2000's lock) has no fixation intervals to average.
        if (stats.fixations > 0) expect(stats.meanFixationMs).toBeGreaterThanOrEqual(750);
        else expect(era).toBe('2000');
      }
    });
  }
  it('prints the table', () => {
    console.log(rows.join('\n'));
  });

  it('a deliberately bad eye breaks them: 1970 at 400 ms fixations; 2000 at 2 microsaccades/s', () => {
    const fast = gazeCapStats(runGaze(gazeScene('1970', { overrides: { fixMs: 400 } }), DURATION_S), DURATION_S);
    expect(fast.meanFixationMs).toBeLessThan(750);
    expect(fast.saccadesPerS).toBeGreaterThan(1.6);
    const twitchy = gazeCapStats(runGaze(gazeScene('2000', { overrides: { microRatePerS: 2 } }), DURATION_S), DURATION_S);
    expect(twitchy.microsaccadesPerS).toBeGreaterThan(0.5);
  });
});
