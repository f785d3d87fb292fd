import { filmFixture } from '../testing/film-metrics-fixture.ts';
import { describe, expect, it } from 'vitest';
import { simulate } from '../model/player.ts';
import { gazeScene } from '../testing/run-gaze.ts';
import { filmMetrics, filmSignal } from './film-metrics.ts';
import { allWithin, percentile, spreadOf, withinSpread } from './film-spread.ts';
import { synthesize } from '../testing/synthetic-gaze.ts';

describe('filmMetrics: a film measured from its signal alone, at its own frame rate', () => {
  it('counts saccades ≥ 0.6°, blink episodes, fixations, the median pitch and the ≥ 12° jumps of a 30 fps recording', () => {
    const { signal } = synthesize({
      sampleRateHz: 30,
      durationMs: 20_000,
      noiseDeg: 0.003,
      saccades: [
        { startMs: 2000, dxDeg: 4, dyDeg: -2 },
        { startMs: 5000, dxDeg: -3, dyDeg: 0 },
        { startMs: 9000, dxDeg: 14, dyDeg: 0 },
        { startMs: 13_000, dxDeg: 0.3, dyDeg: 0 }, // a microsaccade: not a saccade
        { startMs: 16_000, dxDeg: -5, dyDeg: 1 },
      ],
      blinks: [{ startMs: 3500 }, { startMs: 11_000 }, { startMs: 11_400, doubleSecond: true }],
    });
    const m = filmMetrics(signal);
    expect(m.durationS).toBeCloseTo(20, 1);
    const minutes = m.durationS / 60;
    expect(m.saccadesPerS * m.durationS).toBeCloseTo(4, 9);
    // Two episodes (a double counted once).
    expect(m.blinksPerMin * minutes).toBeCloseTo(2, 9);
    expect(m.largeSaccadesPerMin * minutes).toBeCloseTo(1, 9);
    // Fixations between the four saccades: 3 s, 4 s, 7 s (± a frame or two at 30 fps).
    expect(m.meanFixationMs!).toBeGreaterThan(4500);
    expect(m.meanFixationMs!).toBeLessThan(4900);
    // The gaze sits at −2° from 2 s on, most of the film.
    expect(m.medianPitchDeg!).toBeCloseTo(-2, 1);
  });

  it("samples a trace frame by frame as the film shows it (frame n = step floor(n·240/fps)) and measures the model's own film", () => {
    const scene = gazeScene('1970', { seed: 4, durationS: 20 });
    const trace = simulate(scene, 20);
    const s = filmSignal(trace, 30, 0, 600);
    expect(s.tMs.length).toBe(600);
    expect(s.tMs[1] - s.tMs[0]).toBeCloseTo(1000 / 30, 9);
    expect(s.yDeg[599]).toBe(trace.columns.pitchDeg[599 * 8]);
    const s25 = filmSignal(trace, 25, 10, 5);
    expect(s25.xDeg[0]).toBe(trace.columns.yawDeg[Math.floor((10 * 240) / 25)]);
    // 20 s hold samples 0…4800: frame 600 is the last a 30 fps film can take from it.
    expect(() => filmSignal(trace, 30, 0, 602)).toThrow(/needs sample 4808/);
    const m = filmMetrics(s);
    // 1970 reads: about 1.3 saccades a second, below the rest line (eye.md §3).
    expect(m.saccadesPerS).toBeGreaterThan(0.8);
    expect(m.saccadesPerS).toBeLessThan(1.6);
    expect(m.medianPitchDeg!).toBeLessThan(0);
  });
});

describe('the spread and withinSpread', () => {
  const film = filmFixture;

  it('percentiles interpolate between order statistics (type 7)', () => {
    expect(percentile([1, 2, 3, 4, 5], 10)).toBeCloseTo(1.4, 12);
    expect(percentile([1, 2, 3, 4, 5], 90)).toBeCloseTo(4.6, 12);
    expect(percentile([7], 90)).toBe(7);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('holds each metric between p10 and p90 (ends included, pitch within 0.1°), and says which failed', () => {
    const films = Array.from({ length: 11 }, (_, i) => film({ saccadesPerS: 0.5 + 0.1 * i, blinksPerMin: 6 + i, meanFixationMs: i === 3 ? null : 700 + 20 * i, medianPitchDeg: -3 + 0.1 * i }));
    const spread = spreadOf(films);
    expect(spread.saccadesPerS).toEqual({ p10: expect.closeTo(0.6, 9), p50: expect.closeTo(1, 9), p90: expect.closeTo(1.4, 9), n: 11 });
    expect(spread.meanFixationMs!.n).toBe(10);
    const ok = withinSpread(film({ saccadesPerS: 0.6, blinksPerMin: 15, meanFixationMs: 800, medianPitchDeg: -2.05 }), spread);
    expect(ok.map((v) => v.pass)).toEqual([true, true, true, true, true]);
    expect(allWithin(ok)).toBe(true);
    const busy = withinSpread(film({ saccadesPerS: 1.45, blinksPerMin: 21, medianPitchDeg: -2.05 + 0.4 }), spread);
    expect(busy.filter((v) => v.pass === false).map((v) => v.metric)).toEqual(['saccadesPerS', 'blinksPerMin', 'medianPitchDeg']);
    expect(allWithin(busy)).toBe(false);
    // Pitch: p90 is −2.1; −2.05 is within its 0.1° tolerance, −1.95 is not.
    expect(withinSpread(film({ medianPitchDeg: -1.95 }), spread).find((v) => v.metric === 'medianPitchDeg')!.pass).toBe(false);
  });

  it('an unmeasurable number neither passes nor fails', () => {
    const spread = spreadOf([film({ meanFixationMs: null }), film({ meanFixationMs: null })]);
    expect(spread.meanFixationMs).toBeNull();
    const v = withinSpread(film({}), spread).find((x) => x.metric === 'meanFixationMs')!;
    expect(v.pass).toBeNull();
    expect(allWithin(withinSpread(film({}), spread))).toBe(true);
  });
});
