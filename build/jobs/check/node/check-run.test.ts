import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { checkScenes, type CheckSettings } from './check-run.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { FIXATION_FINE_BIN_MS } from '../../../measure/fixation-bins.ts';

const settings: CheckSettings = { minutes: 10, seeds: 3, jobs: 1, params: DEFAULT_PARAMS, ratesHz: [240, 60] };

describe('eye check, in-process', () => {
  it('fails the deliberately bad eye (1970 reading at 400 ms fixations) on the saccade-rate and fixation caps', async () => {
    const r = await checkScenes([loadScene('scenes/fixtures/bad-1970-fast-reading.json')], settings);
    expect(r.pass).toBe(false);
    const failed = r.failed.map((a) => a.name);
    expect(failed).toContain('saccades per second');
    expect(failed).toContain('mean fixation');
    const rate = r.failed.find((a) => a.name === 'saccades per second')!;
    expect(rate.value).toBeGreaterThan(1.6);
    expect(rate.scene).toBe('bad-1970-fast-reading');
    // ≥ 10 minutes of scene time at each of 3 seeds.
    expect(r.sceneSeconds).toBe(3 * 600);
    expect(r.scenes[0].seeds).toEqual([1, 2, 3]);
  });

  it('passes 1970 reading as tuned, and reports every cap with its value', async () => {
    const r = await checkScenes([loadScene('1970-script')], { ...settings, seeds: 1 });
    expect(r.failed).toEqual([]);
    expect(r.assertions.map((a) => a.metric)).toEqual([
      'meanFixationMs',
      'saccadesPerS',
      'microsaccadesPerS',
      'meanBlinkIntervalS',
      'wobbleMaxMm',
      'wobbleLongestAtClampMs',
      'frameScaleMaxDeviation',
    ]);
    expect(r.scenes[0].configuredBlinkMeanS).toBe(5.5);
    for (const a of r.accuracy) expect(a.blink.f1).toBe(1);
    // The long run's detected fixations are kept in fine bins: as many as the detector closed, their mean the cap's.
    const f = r.scenes[0].fixations!;
    expect(f.hz).toBe(240);
    expect(f.bins.binMs).toBe(FIXATION_FINE_BIN_MS);
    expect(f.bins.n).toBe(r.scenes[0].metrics.fixationCount);
    expect(f.bins.counts.reduce((a, b) => a + b, 0)).toBe(f.bins.n);
    const binnedMeanMs = f.bins.counts.reduce((s, c, i) => s + c * (i + 0.5) * f.bins.binMs, 0) / f.bins.n;
    expect(Math.abs(binnedMeanMs - r.scenes[0].metrics.meanFixationMs!)).toBeLessThan(f.bins.binMs / 2);
  });

  it('holds a reduced-motion scene to no saccades, no blinks and identical frames', async () => {
    const scene = { ...loadScene('1995-script'), name: '1995-script+reduced', reducedMotion: true };
    const r = await checkScenes([scene], settings);
    expect(r.scenes[0].kind).toBe('reduced');
    expect(r.scenes[0].fixations).toBeNull();
    expect(r.scenes[0].seeds).toEqual([1]);
    expect(r.assertions.map((a) => [a.name, a.value, a.pass])).toEqual([
      ['reduced motion: saccades', 0, true],
      ['reduced motion: blinks', 0, true],
      ['reduced motion: identical frames', 1, true],
      ['frame scale', 0, true],
    ]);
  });
});
