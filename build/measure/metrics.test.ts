import { describe, expect, it } from 'vitest';
import { calmMetrics } from './calm-metrics.ts';
import { calmAssertions } from './caps.ts';
import { detect } from './detect.ts';
import { openingInWindows } from './opening-at.ts';
import { detectorParams } from './params.ts';
import { pupilLatencyMs } from './pupil-latency.ts';
import { pursuitGain } from './pursuit-gain.ts';
import { matchByOverlap, scoreEvents } from './score.ts';
import { synthesize } from '../testing/synthetic-gaze.ts';
import type { TraceStats } from './trace-stats.ts';

const params = detectorParams();

describe('fixations and rates, counted as eye.md §10 counts them', () => {
  it('microsaccades do not break a fixation; a corrective merges with its primary; I-DT agrees', () => {
    const { signal } = synthesize({
      sampleRateHz: 240,
      durationMs: 6000,
      noiseDeg: 0.003,
      saccades: [
        { startMs: 1000, dxDeg: 3, dyDeg: 0 },
        { startMs: 1600, dxDeg: 0, dyDeg: 0.3 }, // a microsaccade inside the second fixation
        { startMs: 2500, dxDeg: 11, dyDeg: 0 }, // a large primary, undershooting …
        { startMs: 2500 + 45 + 140, dxDeg: 0.9, dyDeg: 0 }, // … and its corrective 140 ms after landing
        { startMs: 4000, dxDeg: -5, dyDeg: 1 },
      ],
    });
    const d = detect(signal, params);
    expect(d.saccades.map((s) => s.kind)).toEqual(['saccade', 'microsaccade', 'saccade', 'saccade', 'saccade']);
    expect(d.breaks.map((b) => b.correctives)).toEqual([0, 1, 0]);
    const whole = d.fixations.filter((f) => !f.censored).map((f) => f.durationMs);
    // 1000 → 2500 (the microsaccade inside), then from the corrective's landing to 4000.
    expect(whole).toHaveLength(2);
    expect(whole[0]).toBeGreaterThan(1450);
    expect(whole[0]).toBeLessThan(1500);
    expect(whole[1]).toBeGreaterThan(1270);
    expect(whole[1]).toBeLessThan(1320);
    const m = calmMetrics([d]);
    expect(m.saccadeCount).toBe(4); // correctives included
    expect(m.microsaccadeCount).toBe(1);
    expect(m.correctiveCount).toBe(1);
    // I-DT (1° dispersion) sees the same long fixations, split only by the saccades.
    expect(d.idtFixations.filter((f) => f.durationMs > 900)).toHaveLength(4);
  });

  it('counts a double once for the blink interval, and reports partial and double shares', () => {
    const { signal } = synthesize({
      sampleRateHz: 240,
      durationMs: 20_000,
      blinks: [{ startMs: 1000 }, { startMs: 1380 }, { startMs: 5000, depth: 0.6 }, { startMs: 9000 }, { startMs: 13_000 }, { startMs: 13_400 }],
    });
    const m = calmMetrics([detect(signal, params)]);
    expect(m.blinkCount).toBe(6);
    expect(m.blinkEpisodeCount).toBe(4);
    expect(m.meanBlinkIntervalS).toBeCloseTo(4, 1);
    expect(m.doubleShare).toBeCloseTo(0.5, 6);
    expect(m.partialShare).toBeCloseTo(0.25, 6);
  });

  it('fits the main sequence (eye.md: 2.2 ms/° + 21 ms) from detected durations', () => {
    const amps = [1, 2, 3, 5, 8, 12, 16, 20];
    const { signal } = synthesize({
      sampleRateHz: 240,
      durationMs: amps.length * 800 + 500,
      noiseDeg: 0.002,
      saccades: amps.map((a, k) => ({ startMs: 400 + k * 800, dxDeg: k % 2 ? -a : a, dyDeg: 0 })),
    });
    const m = calmMetrics([detect(signal, params)]);
    expect(m.mainSequenceCount).toBe(amps.length);
    // Threshold edges read each minimum-jerk saccade a few ms off its full length: within ~10 %.
    expect(m.mainSequenceSlopeMsPerDeg).toBeGreaterThan(1.9);
    expect(m.mainSequenceSlopeMsPerDeg).toBeLessThan(2.5);
    expect(m.mainSequenceInterceptMs).toBeGreaterThan(17);
    expect(m.mainSequenceInterceptMs).toBeLessThan(25);
  });

  it('turns metrics into assertions with value, cap and pass, and fails what breaks a cap', () => {
    const { signal } = synthesize({ sampleRateHz: 240, durationMs: 10_000, saccades: Array.from({ length: 25 }, (_, k) => ({ startMs: 200 + k * 390, dxDeg: k % 2 ? -2 : 2, dyDeg: 0 })) });
    const stats: TraceStats = { wobbleMaxMm: 0.1, wobbleLongestAtClampMs: 0, frameScaleMaxDeviation: 0, identicalSamples: false, pupilMeanMm: 4, pupilMinMm: 4, pupilMaxMm: 4 };
    const a = calmAssertions({ scene: 'fast', kind: 'script', metrics: calmMetrics([detect(signal, params)]), stats, configuredBlinkMeanS: 5 });
    const failed = a.filter((x) => !x.pass).map((x) => x.name);
    expect(failed).toEqual(['mean fixation', 'saccades per second', 'mean blink interval']);
    expect(a.find((x) => x.name === 'saccades per second')).toMatchObject({ capText: '≤ 1.6 /s', cap: { max: 1.6 } });
    expect(a.find((x) => x.name === 'mean blink interval')).toMatchObject({ value: null, note: expect.stringContaining('configured 5 s') });
  });
});

describe('physiology read from signals', () => {
  it('pursuit gain: slow-phase eye velocity over target velocity, catch-up saccades left out', () => {
    // A 10°/s target followed at gain 0.85, the lag made up by 1° catch-up saccades.
    const n = 240 * 4;
    const tMs = Float64Array.from({ length: n }, (_, i) => (i * 1000) / 240);
    const target = Float64Array.from(tMs, (t) => (10 * t) / 1000);
    const eye = new Float64Array(n);
    const catchUps: { startMs: number; endMs: number }[] = [];
    for (let i = 1; i < n; i++) {
      eye[i] = eye[i - 1] + 0.85 * (target[i] - target[i - 1]);
      if (target[i] - eye[i] > 1) {
        eye[i] = target[i];
        catchUps.push({ startMs: tMs[i - 1], endMs: tMs[i] });
      }
    }
    const r = pursuitGain(tMs, eye, target, [{ startMs: 0, endMs: 4000 }], catchUps);
    expect(r.gain).toBeCloseTo(0.85, 3);
    expect(catchUps.length).toBeGreaterThan(3);
  });

  it('the opening while the gaze holds, blinks left out', () => {
    const tMs = Float64Array.from({ length: 240 * 3 }, (_, i) => (i * 1000) / 240);
    const ap = Float64Array.from(tMs, (t) => (t < 1000 ? 10.65 : t < 2000 ? 10.9 : 8.4) - (t > 400 && t < 700 ? 8 : 0));
    const rows = openingInWindows(tMs, ap, [{ startMs: 200, endMs: 950 }, { startMs: 1200, endMs: 1950 }, { startMs: 2200, endMs: 2950 }], [{ startMs: 400, endMs: 700 }]);
    expect(rows).toEqual([10.65, 10.9, 8.4]);
  });

  it('pupil latency: from a light step to the pupil leaving its hippus', () => {
    const tMs = Float64Array.from({ length: 240 * 3 }, (_, i) => (i * 1000) / 240);
    const pupil = Float64Array.from(tMs, (t) => 4 + 0.02 * Math.sin(t / 300) - (t > 1230 ? Math.min(1.5, (4.2 * (t - 1230)) / 1000) : 0));
    expect(pupilLatencyMs(tMs, pupil, 1000)).toBeCloseTo(230, -1);
    expect(pupilLatencyMs(tMs, Float64Array.from(tMs, () => 4), 1000)).toBeNull();
  });
});

describe('matching by overlap', () => {
  it('pairs as many as possible: a double whose first label runs over the second blink still matches both', () => {
    const truth = [
      { startMs: 0, endMs: 700 },
      { startMs: 380, endMs: 1080 },
    ];
    const found = [
      { startMs: 10, endMs: 300 },
      { startMs: 390, endMs: 690 },
    ];
    expect([...matchByOverlap(truth, found)]).toEqual([0, 1]);
    expect(scoreEvents(truth, found).f1).toBe(1);
    expect(scoreEvents([], [])).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(scoreEvents(truth, [])).toMatchObject({ recall: 0, f1: 0 });
  });
});
