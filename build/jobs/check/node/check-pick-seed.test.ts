import { filmFixture } from '../../../testing/film-metrics-fixture.ts';
import { describe, expect, it } from 'vitest';
import type { FilmMetrics } from '../../../measure/film-metrics.ts';
import { spreadOf, withinSpread } from '../../../measure/film-spread.ts';
import { gazeScene } from '../../../testing/run-gaze.ts';
import type { EraSpread, FilmCheck } from './era-spread.ts';
import { eventProblems, marginProblems } from './check-pick-seed.ts';
import type { TruthEvent } from '../../../model/types.ts';

const film = filmFixture;

describe('picking a seed: inside the spread and a tenth of its range from each edge', () => {
  // Saccades 0.5 … 1.5 /s (p10 0.6, p90 1.4); fixations always film-long (p10 = p50 = p90).
  const films = Array.from({ length: 11 }, (_, i) => film({ saccadesPerS: 0.5 + 0.1 * i, meanFixationMs: 20_000 }));
  const spread: EraSpread = {
    scene: 's',
    era: '1981',
    mode: 'script',
    preset: 'tuned',
    calm: false,
    plan: { method: 'windows', seeds: [1], runS: 220, windowS: 20, fps: 30 },
    films: 11,
    spread: spreadOf(films),
    key: 'k',
  };
  const judge = (m: FilmMetrics) => {
    const f: FilmCheck = { scene: 's', seed: 1, metrics: m, browBeat: { landings: 0, answers: [], headOnsetMedianMs: null, inOrder: 0 }, spread, verdicts: withinSpread(m, spread.spread) };
    return marginProblems(f);
  };

  it('takes a film in the middle, refuses one on an edge or outside, and keeps no margin where the edge is the median', () => {
    expect(judge(film({ saccadesPerS: 1, meanFixationMs: 20_000 }))).toEqual([]);
    expect(judge(film({ saccadesPerS: 0.62, meanFixationMs: 20_000 }))).toEqual(['saccadesPerS 0.620 at the edge of 0.600–1.40']);
    expect(judge(film({ saccadesPerS: 1.45, meanFixationMs: 20_000 }))).toEqual(['saccadesPerS 1.45 outside 0.600–1.40']);
    expect(judge(film({ saccadesPerS: 1, meanFixationMs: 900 }))).toEqual(['meanFixationMs 900 outside 20000–20000']);
  });

  it('refuses a burst of three blinks within 2 s (a double counted once), and a 1995 film without a gaze-evoked blink', () => {
    const blink = (startS: number, over: Partial<{ doubleSecond: boolean; evoked: boolean }> = {}): TruthEvent => ({
      kind: 'blink',
      startMs: startS * 1000,
      endMs: startS * 1000 + 300,
      depth: 1,
      partial: false,
      doubleSecond: false,
      evoked: false,
      ...over,
    });
    expect(eventProblems(gazeScene('1981'), [blink(1), blink(1.4, { doubleSecond: true }), blink(2.6), blink(5)])).toEqual([]);
    expect(eventProblems(gazeScene('1981'), [blink(1), blink(1.8), blink(2.6)])).toEqual(['3 blinks within 2 s from 1.00 s']);
    expect(eventProblems(gazeScene('1995'), [blink(1), blink(5)])).toEqual(['no gaze-evoked blink in the film']);
    expect(eventProblems(gazeScene('1995'), [blink(1), blink(5, { evoked: true })])).toEqual([]);
    expect(eventProblems(gazeScene('1995', { mode: 'rest' }), [blink(1)])).toEqual([]);
  });
});
