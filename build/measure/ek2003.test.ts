import { describe, expect, it } from 'vitest';
import { Ek2003FlatError, ek2003 } from './ek2003.ts';
import { synthesize } from '../testing/synthetic-gaze.ts';

const whole = (n: number) => [{ start: 0, end: n - 1 }];

describe('ek2003: Engbert & Kliegl (2003) as the reference R code', () => {
  it('finds a microsaccade in noise with the median-based σ of the 5-point velocity', () => {
    const { signal } = synthesize({ sampleRateHz: 500, durationMs: 4000, noiseDeg: 0.01, saccades: [{ startMs: 2000, dxDeg: 0.3, dyDeg: 0 }] });
    const r = ek2003(signal.xDeg, signal.yDeg, whole(signal.tMs.length), { lambda: 6, minSamples: 3, samplingHz: 500 });
    // White noise through the 5-point filter: SD = σ_pos·sqrt(4)/(6Δt) = 0.01/(3·0.002) ≈ 1.67 deg/s; the
    // median-based σ of a normal variable reads 0.6745 of its SD.
    expect(r.msdDegPerS.x).toBeGreaterThan(0.6745 * 1.67 * 0.9);
    expect(r.msdDegPerS.x).toBeLessThan(0.6745 * 1.67 * 1.1);
    expect(r.radiusDegPerS.x).toBeCloseTo(6 * r.msdDegPerS.x, 12);
    expect(r.saccades).toHaveLength(1);
    const s = r.saccades[0];
    expect(s.onset).toBeGreaterThanOrEqual(995);
    expect(s.offset).toBeLessThanOrEqual(1016);
    expect(s.dXDeg).toBeGreaterThan(0.25);
  });

  it('keeps a run of exactly MINDUR samples and drops it at MINDUR + 1', () => {
    const { signal } = synthesize({ sampleRateHz: 250, durationMs: 6000, noiseDeg: 0.02, seed: 4, saccades: [1000, 3000, 5000].map((t) => ({ startMs: t, dxDeg: 0.2, dyDeg: 0.1 })) });
    const at = (minSamples: number) => ek2003(signal.xDeg, signal.yDeg, whole(signal.tMs.length), { lambda: 5, minSamples, samplingHz: 250 }).saccades;
    const all = at(1);
    expect(all.length).toBeGreaterThan(0);
    const shortest = Math.min(...all.map((s) => s.offset - s.onset + 1));
    const kept = at(shortest).map((s) => s.onset);
    expect(kept).toContain(all.find((s) => s.offset - s.onset + 1 === shortest)!.onset);
    expect(at(shortest + 1).every((s) => s.offset - s.onset + 1 > shortest)).toBe(true);
    expect(at(shortest + 1).length).toBeLessThan(kept.length);
  });

  it('falls back to the mean-based σ when the median one is 0, and stops (as R does) on a flat axis', () => {
    const n = 200;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 100; i < n; i++) x[i] = 1;
    for (let i = 50; i < n; i++) y[i] = 0.5;
    const r = ek2003(x, y, whole(n), { lambda: 5, minSamples: 1, samplingHz: 100 });
    // x's velocity is 0 except around the step: (rows 98..101) 100/6·1, 100/6·2, 100/6·2, 100/6·1.
    const v = [100 / 6, (100 / 6) * 2, (100 / 6) * 2, 100 / 6];
    const mean = v.reduce((a, b) => a + b) / n;
    const mean2 = v.reduce((a, b) => a + b * b, 0) / n;
    expect(r.msdDegPerS.x).toBeCloseTo(Math.sqrt(mean2 - mean * mean), 10);
    expect(() => ek2003(x, new Float64Array(n), whole(n), { lambda: 5, minSamples: 3, samplingHz: 100 })).toThrow(Ek2003FlatError);
  });

  it('differentiates each segment on its own (edges 0, one sample in a central difference) and never joins runs across a gap', () => {
    const { signal } = synthesize({ sampleRateHz: 500, durationMs: 2000, noiseDeg: 0.01, saccades: [{ startMs: 996, dxDeg: 1, dyDeg: 0 }] });
    const n = signal.tMs.length;
    // A cut right through the saccade: neither side's run may reach across it.
    const segs = [
      { start: 0, end: 500 },
      { start: 503, end: n - 1 },
    ];
    const r = ek2003(signal.xDeg, signal.yDeg, segs, { lambda: 6, minSamples: 1, samplingHz: 500 });
    for (const s of r.saccades) expect(s.offset < 501 || s.onset > 502).toBe(true);
    for (const s of r.saccades) expect(s.onset).not.toBe(0);
  });
});
