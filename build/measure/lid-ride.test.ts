import { describe, expect, it } from 'vitest';
import { detect } from './detect.ts';
import { detectorParams } from './params.ts';
import { synthesize, type SyntheticSaccade } from '../testing/synthetic-gaze.ts';
import { scoreDetection } from './truth-score.ts';

const params = detectorParams();

/** eye.md §5's table, as straight lines: 10.65 mm at rest, 8.4 at −16°, 10.9 at +8.5°. */
const ride = (pitchDeg: number) => (pitchDeg < 0 ? 10.65 + (2.25 / 16) * pitchDeg : 10.65 + (0.25 / 8.5) * Math.min(pitchDeg, 8.5));

describe('the lids riding with the gaze inside a blink', () => {
  it('does not read a vertical saccade in a blink (or a chain of them) as closure, so Bell makes no microsaccade', () => {
    // Fixations across the vertical range (the ride is learned from them), then vertical saccades as
    // the lid closes, reopens and creeps, in single blinks and in a chain that never rests between blinks.
    const saccades: SyntheticSaccade[] = [
      { startMs: 500, dxDeg: 0, dyDeg: -8 },
      { startMs: 1500, dxDeg: 0, dyDeg: 12 },
      { startMs: 2500, dxDeg: 0, dyDeg: -6 },
      { startMs: 4240, dxDeg: 1, dyDeg: -5 },
      { startMs: 6350, dxDeg: 0, dyDeg: 6 },
      { startMs: 8900, dxDeg: -1, dyDeg: -7 },
      { startMs: 9700, dxDeg: 0, dyDeg: 5 },
      { startMs: 12_000, dxDeg: 0, dyDeg: -4 },
    ];
    const { signal, truth } = synthesize({
      sampleRateHz: 240,
      durationMs: 14_000,
      noiseDeg: 0.003,
      lidRide: ride,
      saccades,
      blinks: [{ startMs: 4000 }, { startMs: 6000 }, { startMs: 8500 }, { startMs: 8900 }, { startMs: 9300 }, { startMs: 9700 }],
    });
    const d = detect(signal, params);
    const acc = scoreDetection(truth, d, 0.6);
    expect(acc.blink.f1).toBe(1);
    expect(acc.saccade.falsePositives).toBe(0);
    expect(d.saccades.filter((s) => s.kind === 'microsaccade')).toEqual([]);
  });
});
