import { describe, expect, it } from 'vitest';
import { detect } from './detect.ts';
import { detectorParams } from './params.ts';
import { mainSequenceMs, synthesize, type SyntheticSpec } from '../testing/synthetic-gaze.ts';
import { scoreDetection } from './truth-score.ts';

const params = detectorParams();
const run = (spec: SyntheticSpec, p = params) => {
  const { signal, truth } = synthesize(spec);
  return { d: detect(signal, p), truth };
};

describe('Engbert & Kliegl (2003) saccade detection', () => {
  it('finds steps of every size at 240 Hz, each once, with its amplitude and main-sequence duration', () => {
    const amps = [0.2, 0.4, 1, 3, 8, 15];
    const { d } = run({
      sampleRateHz: 240,
      durationMs: 8000,
      noiseDeg: 0.005,
      saccades: amps.map((a, k) => ({ startMs: 600 + k * 1200, dxDeg: a * Math.cos(k), dyDeg: a * Math.sin(k) })),
    });
    expect(d.saccades.map((s) => s.kind)).toEqual(['microsaccade', 'microsaccade', 'saccade', 'saccade', 'saccade', 'saccade']);
    d.saccades.forEach((s, k) => {
      expect(s.amplitudeDeg).toBeCloseTo(amps[k], 1);
      expect(s.startMs).toBeGreaterThan(600 + k * 1200 - 5);
      // A minimum-jerk saccade's tails are under the threshold (it reads a little short); noise on the
      // unsmoothed edges can add a sample or so.
      if (amps[k] >= 1) expect(s.durationMs / mainSequenceMs(amps[k])).toBeGreaterThan(0.7);
      expect(s.durationMs).toBeLessThan(mainSequenceMs(amps[k]) + 2 * (1000 / 240));
    });
  });

  it('scales its threshold with the noise (median-based σ) and applies the documented floor when noise is tiny', () => {
    const noisy = run({ sampleRateHz: 500, durationMs: 4000, noiseDeg: 0.05, saccades: [{ startMs: 2000, dxDeg: 2, dyDeg: 0 }] }).d;
    // 5-sample filter of white noise: SD σ_pos / (3 Δt) = 0.05 / 0.006 ≈ 8.3 deg/s; the median-based σ reads 0.6745 of it.
    expect(noisy.saccadeDetector.sigmaRawDegPerS.x).toBeGreaterThan(0.6745 * 8.3 * 0.9);
    expect(noisy.saccadeDetector.sigmaRawDegPerS.x).toBeLessThan(0.6745 * 8.3 * 1.1);
    expect(noisy.saccadeDetector.floorApplied).toBe(false);
    expect(noisy.saccades.filter((s) => s.kind === 'saccade')).toHaveLength(1);
    const clean = run({ sampleRateHz: 240, durationMs: 4000, saccades: [{ startMs: 2000, dxDeg: 2, dyDeg: 0 }] }).d;
    expect(clean.saccadeDetector.sigmaRawDegPerS.x).toBe(0);
    expect(clean.saccadeDetector.floorApplied).toBe(true);
    expect(clean.saccadeDetector.sigmaDegPerS.x).toBeCloseTo((0.6745 * 0.01) / (3 / 240), 6);
    expect(clean.saccades).toHaveLength(1);
    // With no noise and no floor there is nothing to measure a threshold against: nothing is called a saccade.
    expect(run({ sampleRateHz: 240, durationMs: 4000, saccades: [{ startMs: 2000, dxDeg: 2, dyDeg: 0 }] }, detectorParams({ noiseFloorDeg: 0 })).d.saccades).toEqual([]);
  });

  it('finds a saccade at the first sample and one at the last sample', () => {
    const { d } = run({
      sampleRateHz: 240,
      durationMs: 1000,
      noiseDeg: 0.003,
      saccades: [
        { startMs: 0, dxDeg: 5, dyDeg: 0 },
        { startMs: 1000 - 20, dxDeg: 0, dyDeg: -5 },
      ],
    });
    expect(d.saccades.filter((s) => s.kind === 'saccade')).toHaveLength(2);
    // The edge sample has no velocity (E&K's rule), so the runs start and end one sample in.
    expect(d.saccades[0].startIndex).toBe(1);
    expect(d.saccades[0].truncated).toBe(true);
    expect(d.saccades[1].endIndex).toBe(d.samples - 2);
  });

  it('tells apart two saccades 20 ms apart', () => {
    for (const hz of [240, 500, 1000]) {
      const { d, truth } = run({
        sampleRateHz: hz,
        durationMs: 1500,
        noiseDeg: 0.003,
        saccades: [
          { startMs: 500, dxDeg: 4, dyDeg: 0 },
          { startMs: 500 + mainSequenceMs(4) + 20, dxDeg: 3, dyDeg: 1 },
        ],
      });
      expect(d.saccades, `${hz} Hz`).toHaveLength(2);
      expect(scoreDetection(truth, d, 0.6).saccade.f1, `${hz} Hz`).toBe(1);
    }
  });

  it('reads a slow ramp (drift, a slow glide under the threshold) as no saccade', () => {
    expect(run({ sampleRateHz: 240, durationMs: 3000, noiseDeg: 0.005, rampDegPerS: 1.5 }).d.saccades).toEqual([]);
  });

  it('needs 6 ms or 2 samples, whichever is longer, from a run\'s first sample to its last', () => {
    expect(run({ sampleRateHz: 240, durationMs: 100 }).d.saccadeDetector.minSamples).toBe(3);
    expect(run({ sampleRateHz: 500, durationMs: 100 }).d.saccadeDetector.minSamples).toBe(4);
    expect(run({ sampleRateHz: 1000, durationMs: 100 }).d.saccadeDetector.minSamples).toBe(7);
    expect(run({ sampleRateHz: 60, durationMs: 100 }).d.saccadeDetector.minSamples).toBe(3);
    // A single-sample jolt (a tracker glitch) fills a run of smoothed samples but is no movement.
    const { signal } = synthesize({ sampleRateHz: 240, durationMs: 2000, noiseDeg: 0.002 });
    signal.xDeg[240] += 0.3;
    expect(detect(signal, params).saccades).toEqual([]);
  });

  it('does not read across a gap in the data, and finds saccades on both sides of it', () => {
    const { d, truth } = run({
      sampleRateHz: 240,
      durationMs: 3000,
      noiseDeg: 0.003,
      gapsMs: [[1400, 1600]],
      saccades: [
        { startMs: 700, dxDeg: 2, dyDeg: 0 },
        { startMs: 1450, dxDeg: 3, dyDeg: 0 }, // inside the gap: no tracker sees it
        { startMs: 2200, dxDeg: -2, dyDeg: 0 },
      ],
    });
    expect(d.segments).toHaveLength(2);
    expect(d.saccades.map((s) => s.startMs > 1500)).toEqual([false, true]);
    const acc = scoreDetection(truth, d, 0.6);
    expect(acc.hidden).toEqual({ saccade: 1, microsaccade: 0 });
    expect(acc.saccade.truePositives).toBe(2);
    // Gaze moved 3° across the gap: that ends a fixation (a saccade the tracker could not see).
    expect(d.breaks.map((b) => b.cause)).toEqual(['saccade', 'hidden', 'saccade']);
  });

  it('detects the same events at 60 Hz (saccades ≥ 1°)', () => {
    const amps = [1, 3, 8, 15];
    const { d, truth } = run({
      sampleRateHz: 60,
      durationMs: 6000,
      noiseDeg: 0.01,
      saccades: amps.map((a, k) => ({ startMs: 700 + k * 1300, dxDeg: a, dyDeg: 0 })),
    });
    expect(scoreDetection(truth, d, 0.6).saccade.f1).toBe(1);
  });
});
