import { describe, expect, it } from 'vitest';
import { synthesize } from '../testing/synthetic-gaze.ts';
import { detect } from './detect.ts';
import type { DetectedSaccade } from './engbert-kliegl.ts';
import { fixationBreaks } from './fixations.ts';
import { DEFAULT_PARAMS, detectorParams } from './params.ts';

/** A detected saccade of `amplitudeDeg` over [startMs, endMs] (only what fixationBreaks reads is meaningful). */
const sacc = (startMs: number, endMs: number, amplitudeDeg: number): DetectedSaccade => ({
  kind: amplitudeDeg < DEFAULT_PARAMS.microMaxDeg ? 'microsaccade' : 'saccade',
  startMs,
  endMs,
  durationMs: endMs - startMs,
  startIndex: 0,
  endIndex: 0,
  dxDeg: amplitudeDeg,
  dyDeg: 0,
  amplitudeDeg,
  peakVelocityDegPerS: 0,
  truncated: false,
});

// One usable stretch, 0–5 s at 500 Hz: no gap, so no hidden move joins in.
const n = 2501;
const signal = { tMs: Float64Array.from({ length: n }, (_, i) => i * 2), xDeg: new Float64Array(n), yDeg: new Float64Array(n), apertureMm: null };
const segments = [{ start: 0, end: n - 1 }];

/**
 * The chaining case (the limits: a corrective starts ≤ 220 ms after its primary ends, is ≤ 25 % of it,
 * and the primary is ≥ 4°). A: a 10° primary, 1000–1043 ms. B: its 1° corrective, 150 ms after A
 * ends. C: a 1.5° saccade 150 ms after B ends — 323 ms after A ends, so no corrective of A by itself,
 * but within 220 ms of the A+B merge's end and under 25 % of A's 10°: a chained merge swallowed it and
 * the real fixation between B and C. D, E: a second primary and its corrective, which still merge.
 */
const A = sacc(1000, 1043, 10);
const B = sacc(1193, 1216, 1);
const C = sacc(1366, 1390, 1.5);
const D = sacc(3000, 3043, 10);
const E = sacc(3193, 3216, 1);

describe('fixation breaks: the corrective merge', () => {
  it('merges a primary with one corrective and never merges the merge again (three saccades make two breaks, not one)', () => {
    const breaks = fixationBreaks(signal, [A, B, C, D, E], segments, DEFAULT_PARAMS, 2);
    expect(breaks.map((b) => [b.startMs, b.endMs, b.correctives])).toEqual([
      [1000, 1216, 1],
      [1366, 1390, 0],
      [3000, 3216, 1],
    ]);
  });

  it('C alone after A is not a corrective (too late), so only chaining could have merged it', () => {
    expect(fixationBreaks(signal, [A, C], segments, DEFAULT_PARAMS, 2).map((b) => b.correctives)).toEqual([0, 0]);
  });

  it('--merge-correctives off: every saccade ends a fixation', () => {
    const breaks = fixationBreaks(signal, [A, B, C, D, E], segments, detectorParams({ mergeCorrectives: false }), 2);
    expect(breaks.map((b) => [b.startMs, b.correctives])).toEqual([
      [1000, 0],
      [1193, 0],
      [1366, 0],
      [3000, 0],
      [3193, 0],
    ]);
  });

  it('end to end on a recording (both methods): the fixation between the corrective and the next saccade is kept', () => {
    const { signal: rec } = synthesize({
      sampleRateHz: 500,
      durationMs: 3000,
      noiseDeg: 0.005,
      seed: 11,
      saccades: [
        { startMs: 1000, dxDeg: 10, dyDeg: 0 },
        { startMs: 1193, dxDeg: 1, dyDeg: 0 },
        { startMs: 1366, dxDeg: 0, dyDeg: 1.5 },
      ],
    });
    for (const method of ['refined', 'ek2003'] as const) {
      const d = detect(rec, DEFAULT_PARAMS, method);
      expect(d.saccades.filter((s) => s.kind === 'saccade')).toHaveLength(3);
      expect(d.breaks.map((b) => b.correctives)).toEqual([1, 0]);
      // Fixations: before A, between B and C (~150 ms), after C.
      const between = d.fixations.filter((f) => !f.censored);
      expect(between).toHaveLength(1);
      expect(between[0].durationMs).toBeGreaterThan(120);
      expect(between[0].durationMs).toBeLessThan(200);
    }
  });
});
