import { describe, expect, it } from 'vitest';
import { compareStates, verdictOf } from '../core/compare-states.ts';
import { baselineText, validateBaseline } from '../core/baseline-file.ts';
import { BASELINE_SCHEMA, type Baseline, type SceneState } from '../core/scene-state.ts';
import { withSettings } from '../../../scene/parse.ts';
import { feedOf } from '../../../page/frame-feed.ts';
import { SAMPLE_FIELDS } from '../../../model/types.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { traceEvents } from './read-scene-state.ts';

/** The real model's trace of a scene (Node's simulation, as a render writes trace.json), columns as arrays. */
function modelColumns(name: string, durationS: number): Record<string, number[]> {
  const { trace } = feedOf(withSettings(loadScene(name), { durationS }));
  return Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, Array.from(trace.columns[f])]));
}

const state = (columns: Record<string, number[]>, digest: string): SceneState => ({
  scene: '1995-script',
  settings: { width: 640, height: 360, fps: 30, durationS: 6, seed: 1, frames: 180 },
  film: { digest: digest.repeat(64), frames: Array.from({ length: 180 }, () => digest.repeat(16)) },
  events: traceEvents(columns),
  metrics: [],
});

describe('the events of a real eye, and a deliberately changed one', () => {
  const columns = modelColumns('1995-script', 6);

  it('finds saccades and a blink in the model trace, time-ordered, as the baseline keeps them', () => {
    const events = traceEvents(columns);
    expect(events.filter((e) => e.kind === 'saccade').length).toBeGreaterThan(3);
    expect(events.some((e) => e.kind === 'blink')).toBe(true);
    expect(events.map((e) => e.startS)).toEqual([...events.map((e) => e.startS)].sort((a, b) => a - b));
  });

  it('fails the eye whose lids close 20 steps (83 ms) later: its blinks moved, nothing else', () => {
    const shift = 20;
    const a = columns.apertureMm;
    const late = { ...columns, apertureMm: a.map((_, i) => a[Math.max(0, i - shift)]) };
    const c = compareStates(state(columns, 'a'), state(late, 'b'));
    const blinks = c.events.filter((e) => e.kind === 'blink');
    expect(blinks.length).toBeGreaterThan(0);
    for (const b of blinks) {
      expect(b.change).toBe('moved');
      expect(b.shiftMs).toBeGreaterThan(70);
      expect(b.shiftMs).toBeLessThan(100);
    }
    expect(verdictOf(c, 0.999)).toBe('beyond');
  });

  it('round-trips through the baseline file: validated back to the same state, one event a line', () => {
    const s = state(columns, 'c');
    const b: Baseline = { ...s, schema: BASELINE_SCHEMA, why: 'why "quoted"\n', approvedAt: { commit: 'd'.repeat(40), dirty: false }, filmKey: 'e'.repeat(32) };
    const text = baselineText(b);
    expect(validateBaseline(JSON.parse(text), '1995-script')).toEqual(b);
    const eventLines = text.split('\n').filter((l) => l.trimStart().startsWith('{ "kind"'));
    expect(eventLines).toHaveLength(s.events.length);
    expect(baselineText(validateBaseline(JSON.parse(text)))).toBe(text);
    expect(() => validateBaseline(JSON.parse(text), 'another-scene')).toThrow(/field "scene"/);
  });
});
