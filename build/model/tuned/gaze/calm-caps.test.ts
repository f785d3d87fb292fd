import { describe, expect, it } from 'vitest';
import { ERA_IDS } from '../../../scene/scene.ts';
import { CALM_CAPS } from '../../../spec/eye-spec.ts';
import { gazeCapStats } from '../../../testing/gaze-stats.ts';
import { gazeScene, runGaze } from '../../../testing/run-gaze.ts';

/**
 * The calm caps (eye.md §10), counted from the generator's own ground truth, per era in script mode,
 * 10 min of scene time, three seeds each. (The detector proves the same from the sampled signal; the
 * numbers themselves are in `eye check`'s table.)
 */
const SEEDS = [1, 2, 3];
const DURATION_S = 600;
const { saccadesPerS, microsaccadesPerS, meanFixationMs } = CALM_CAPS;

describe('calm caps from ground truth, 10 min per era, script mode', () => {
  for (const era of ERA_IDS) {
    it(`${era}: saccades ≤ ${saccadesPerS.max}/s, microsaccades ≤ ${microsaccadesPerS.max}/s, mean fixation ≥ ${meanFixationMs.min} ms`, () => {
      for (const seed of SEEDS) {
        const stats = gazeCapStats(runGaze(gazeScene(era, { seed }), DURATION_S), DURATION_S);
        expect(stats.saccadesPerS).toBeLessThanOrEqual(saccadesPerS.max);
        expect(stats.microsaccadesPerS).toBeLessThanOrEqual(microsaccadesPerS.max);
        // A pattern without saccades (2000's lock) has no fixation intervals to average.
        if (stats.fixations > 0) expect(stats.meanFixationMs).toBeGreaterThanOrEqual(meanFixationMs.min);
        else expect(era).toBe('2000');
      }
    });
  }

  it('a deliberately bad eye breaks them: 1970 at 400 ms fixations; 2000 at 2 microsaccades/s', () => {
    const fast = gazeCapStats(runGaze(gazeScene('1970', { overrides: { fixMs: 400 } }), DURATION_S), DURATION_S);
    expect(fast.meanFixationMs).toBeLessThan(meanFixationMs.min);
    expect(fast.saccadesPerS).toBeGreaterThan(saccadesPerS.max);
    const twitchy = gazeCapStats(runGaze(gazeScene('2000', { overrides: { microRatePerS: 2 } }), DURATION_S), DURATION_S);
    expect(twitchy.microsaccadesPerS).toBeGreaterThan(microsaccadesPerS.max);
  });
});
