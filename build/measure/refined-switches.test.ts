import { describe, expect, it } from 'vitest';
import { benchRecording } from '../testing/synthetic-bench.ts';
import { synthesize } from '../testing/synthetic-gaze.ts';
import { detect } from './detect.ts';
import { ek2003 } from './ek2003.ts';
import { runSamples } from './engbert-kliegl.ts';
import { detectorParams, type DetectorParams } from './params.ts';
import { usableSegments } from './velocity.ts';

// Each of refined's switches (params.ts) changes what its doc says it changes, and nothing is left
// unswitched that decides a count: with all four off, refined finds ek2003's runs.
const refined = (signal: Parameters<typeof detect>[0], over: Partial<DetectorParams> = {}) => detect(signal, detectorParams(over), 'refined');
const runs = (d: ReturnType<typeof detect>) => d.saccades.map((s) => `${s.startIndex}-${s.endIndex}`);

describe("refined's switches", () => {
  it('--min-duration-first-to-last: on, 6 ms first to last is 4 samples at 500 Hz and 7 at 1000 Hz; off, MINDUR samples (3)', () => {
    for (const [hz, on] of [
      [500, 4],
      [1000, 7],
      [240, 3],
    ]) {
      expect(runSamples(detectorParams(), 1000 / hz)).toBe(on);
      expect(runSamples(detectorParams({ minDurationFirstToLast: false }), 1000 / hz)).toBe(3);
    }
    // On a recording: the same runs, plus 3-sample ones when off (edge test off on both, to see this switch alone).
    const { signal } = benchRecording(500, 0.01, 20_000);
    const on = refined(signal, { edgeDurationTest: false });
    const off = refined(signal, { edgeDurationTest: false, minDurationFirstToLast: false });
    expect(on.saccadeDetector.minSamples).toBe(4);
    expect(off.saccadeDetector.minSamples).toBe(3);
    expect(on.saccades.every((s) => s.endIndex - s.startIndex + 1 >= 4)).toBe(true);
    const three = off.saccades.filter((s) => s.endIndex - s.startIndex + 1 === 3);
    expect(three.length).toBeGreaterThan(0);
    expect(runs(off).filter((r) => !three.some((s) => `${s.startIndex}-${s.endIndex}` === r))).toEqual(runs(on));
  });

  it('--edge-duration-test: on, a one-interval jolt that fills a 4-sample run is dropped (its movement lasts < 6 ms); off, it is a saccade', () => {
    // 500 Hz: a 0.3° jump between two samples (a tracker glitch) and a real 0.3° microsaccade (22 ms).
    const { signal } = synthesize({
      sampleRateHz: 500,
      durationMs: 3000,
      noiseDeg: 0.003,
      seed: 7,
      saccades: [
        { startMs: 1001, dxDeg: 0.3, dyDeg: 0, durationMs: 0.5 },
        { startMs: 2000, dxDeg: 0, dyDeg: 0.3 },
      ],
    });
    const on = refined(signal);
    const off = refined(signal, { edgeDurationTest: false });
    expect(on.saccades.map((s) => Math.round(s.startMs / 100))).toEqual([20]);
    expect(off.saccades.map((s) => Math.round(s.startMs / 100))).toEqual([10, 20]);
    const jolt = off.saccades[0];
    expect(jolt.endIndex - jolt.startIndex + 1).toBeGreaterThanOrEqual(4);
    expect(jolt.durationMs).toBeLessThan(6);
  });

  it("--paper-sigma: the paper's and the toolbox's σ agree on symmetric noise and part under drift; off, σ is the toolbox's", () => {
    const still = synthesize({ sampleRateHz: 500, durationMs: 10_000, noiseDeg: 0.02, seed: 3 }).signal;
    const drift = synthesize({ sampleRateHz: 500, durationMs: 10_000, noiseDeg: 0.02, seed: 3, rampDegPerS: 3 }).signal;
    const sx = (s: typeof still, paperSigma: boolean) => refined(s, { paperSigma }).saccadeDetector.sigmaRawDegPerS.x;
    expect(sx(still, true) / sx(still, false)).toBeCloseTo(1, 1);
    // A 3°/s drift on 3.3°/s of velocity noise: the paper's form reads far less spread than the toolbox's.
    expect(sx(drift, true) / sx(drift, false)).toBeLessThan(0.8);
    // Off, it is the reference's msd (which also counts the two zero end velocities: within 0.5 %).
    const ref = ek2003(drift.xDeg, drift.yDeg, usableSegments(drift, new Uint8Array(drift.tMs.length), Infinity), { lambda: 6, minSamples: 3, samplingHz: 500 });
    expect(sx(drift, false) / ref.msdDegPerS.x).toBeCloseTo(1, 2);
  });

  it('--noise-floor-deg: on a near-noiseless trace σ is raised to the floor; 0 leaves the measured σ', () => {
    const { signal } = synthesize({ sampleRateHz: 500, durationMs: 4000, noiseDeg: 0.001, seed: 2 });
    const floored = refined(signal).saccadeDetector;
    expect(floored.floorApplied).toBe(true);
    expect(floored.sigmaDegPerS.x).toBeCloseTo((0.6745 * 0.01) / (3 * 0.002), 6);
    const bare = refined(signal, { noiseFloorDeg: 0 }).saccadeDetector;
    expect(bare.floorApplied).toBe(false);
    expect(bare.sigmaDegPerS.x).toBe(bare.sigmaRawDegPerS.x);
    expect(bare.sigmaDegPerS.x).toBeLessThan(floored.sigmaDegPerS.x / 5);
  });

  it('with all four off, refined finds the runs ek2003 finds (the bench recordings, 250–1000 Hz)', () => {
    const allOff = { minDurationFirstToLast: false, edgeDurationTest: false, noiseFloorDeg: 0, paperSigma: false };
    for (const hz of [250, 500, 1000]) {
      const { signal } = benchRecording(hz, 0.02, 20_000);
      const ours = refined(signal, allOff);
      expect(ours.saccades.length).toBeGreaterThan(10);
      expect(runs(ours)).toEqual(runs(detect(signal, detectorParams(), 'ek2003')));
    }
  });
});
