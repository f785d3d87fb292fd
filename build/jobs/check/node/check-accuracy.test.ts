import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { checkScenes } from './check-run.ts';
import { listScenes, loadScene } from '../../../node/io/load-scene.ts';

/**
 * The detectors scored against the model's own labels, every era's script for 10 minutes (one seed;
 * `eye check` pools three): eye.md §10's events are found from the sampled signal alone.
 */
describe('detector accuracy on the model, every era', () => {
  it('saccade F1 ≥ 0.98 and blink F1 = 1 at 240 and 60 Hz, microsaccade F1 ≥ 0.90 at 240 Hz', async () => {
    const scenes = listScenes()
      .filter((n) => /^\d{4}-script$/.test(n))
      .map(loadScene);
    expect(scenes).toHaveLength(10);
    const r = await checkScenes(scenes, { minutes: 10, seeds: 1, jobs: 1, params: DEFAULT_PARAMS, ratesHz: [240, 60] });
    const lines: string[] = [];
    for (const s of r.scenes) {
      const [at240, at60] = s.accuracy;
      lines.push(
        `${s.era}: 240 Hz saccade ${at240.saccade.f1.toFixed(3)} micro ${at240.microsaccade.f1.toFixed(3)} blink ${at240.blink.f1.toFixed(3)}; ` +
          `60 Hz saccade ${at60.saccade.f1.toFixed(3)} micro ${at60.microsaccade.f1.toFixed(3)} blink ${at60.blink.f1.toFixed(3)}`,
      );
    }
    console.log(lines.join('\n'));
    for (const s of r.scenes) {
      const [at240, at60] = s.accuracy;
      expect(at240.saccade.f1, `${s.era} saccades @240`).toBeGreaterThanOrEqual(0.98);
      expect(at60.saccade.f1, `${s.era} saccades @60`).toBeGreaterThanOrEqual(0.98);
      expect(at240.blink.f1, `${s.era} blinks @240`).toBe(1);
      expect(at60.blink.f1, `${s.era} blinks @60`).toBe(1);
      expect(at240.microsaccade.f1, `${s.era} microsaccades @240`).toBeGreaterThanOrEqual(0.9);
    }
  });
});
