import { describe, expect, it } from 'vitest';
import { parseScene } from '../../scene/parse.ts';
import { createTunedEye } from './tuned-eye.ts';

// Its own file so the measurement runs in a fresh process, not after other tests have fed the JIT
// other gaze implementations.
describe('tuned eye speed', () => {
  it('prints its simulation speed (one era at 240 Hz, best of 3; the aim is 5,000× real time) and fails a gross regression below 500×', () => {
    for (const era of ['1995', '2026'] as const) {
      const s = parseScene({ era, seed: 1, durationS: 600 }, 'speed', 'speed');
      const warm = createTunedEye(s);
      for (let i = 0; i < 240 * 60; i++) warm.step(), warm.sample(), warm.drainEvents();
      const sceneS = 120;
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const eye = createTunedEye(s);
        const t0 = process.hrtime.bigint();
        for (let i = 0; i < 240 * sceneS; i++) {
          eye.step();
          eye.sample();
          eye.drainEvents();
        }
        best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
      }
      console.log(`tuned eye (${era}, step + sample + events): ${(sceneS / best).toFixed(0)}× real time (${((best / (240 * sceneS)) * 1e9).toFixed(0)} ns a step)`);
      // Printed for the record; the floor only catches a gross regression (this 2-core machine is shared).
      expect(sceneS / best).toBeGreaterThan(500);
    }
  });
});
