import { describe, expect, it } from 'vitest';
import { filmFixture } from '../../../testing/film-metrics-fixture.ts';
import { synthesize } from '../../../testing/synthetic-gaze.ts';
import { panelNumbers } from './panel-numbers.ts';
import { panelLabel } from './panel-label.ts';

// A 20-s recording at a film's 30 fps: four saccades ≥ 0.6°, blinks at 3 s, 8 s and 14 s.
const recording = () =>
  synthesize({
    sampleRateHz: 30,
    durationMs: 20_000,
    noiseDeg: 0.003,
    saccades: [
      { startMs: 2000, dxDeg: 4, dyDeg: -2 },
      { startMs: 6000, dxDeg: -3, dyDeg: 0 },
      { startMs: 11_000, dxDeg: 5, dyDeg: 1 },
      { startMs: 16_000, dxDeg: -5, dyDeg: 1 },
    ],
    blinks: [{ startMs: 3000 }, { startMs: 8000 }, { startMs: 14_000 }],
  }).signal;

describe('panelNumbers: a compare panel\'s numbers, from its pixel signal', () => {
  it('counts saccades per second, the mean fixation between them and the blink interval', () => {
    const n = panelNumbers(recording());
    expect(n.durationS).toBeCloseTo(20, 1);
    expect(n.saccadesPerS).toBeCloseTo(4 / n.durationS, 9);
    // Fixations between the four saccades: 4 s, 5 s, 5 s (± a frame or two).
    expect(n.meanFixationMs!).toBeGreaterThan(4500);
    expect(n.meanFixationMs!).toBeLessThan(4900);
    expect(n.blinkEpisodes).toBe(3);
    // Onsets 3, 8, 14 s: intervals 5 and 6 s.
    expect(n.meanBlinkIntervalS!).toBeCloseTo(5.5, 1);
  });

  it('says — where there is nothing to measure (one blink has no interval), and ≥ for a fixation no saccade closed', () => {
    const n = panelNumbers(synthesize({ sampleRateHz: 30, durationMs: 5000, noiseDeg: 0.003, blinks: [{ startMs: 2000 }] }).signal);
    expect(n.meanBlinkIntervalS).toBeNull();
    expect(n.saccadesPerS).toBe(0);
    expect(panelLabel('still', n)[1]).toBe('saccades 0.00/s · micro 0.00/s · fixation ≥ 5000 ms · blink interval — (1 blink)');
    expect(n.fixationCensoredOnly).toBe(true);
  });
});

describe('panelLabel: the name, then the measured numbers', () => {
  it('writes each number as measured', () => {
    expect(panelLabel('1970-script', filmFixture({ saccadesPerS: 1.234, microsaccadesPerS: 0.1, meanFixationMs: 811.6, fixationCensoredOnly: false, meanBlinkIntervalS: 5.44, blinkEpisodes: 4 }))).toEqual([
      '1970-script',
      'saccades 1.23/s · micro 0.10/s · fixation 812 ms · blink interval 5.4 s (4 blinks)',
    ]);
  });
});
