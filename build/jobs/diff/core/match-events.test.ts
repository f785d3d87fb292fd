import { describe, expect, it } from 'vitest';
import { matchEvents } from './match-events.ts';
import type { StateEvent } from './scene-state.ts';
import { EVENT_MATCH_WINDOW_MS } from './tolerances.ts';

const sac = (startS: number, amplitudeDeg = 5): StateEvent => ({ kind: 'saccade', startS, durationMs: 40, amplitudeDeg });
const blink = (startS: number): StateEvent => ({ kind: 'blink', startS, durationMs: 250, amplitudeDeg: null });

describe('matchEvents: baseline and current events paired by kind and nearest onset', () => {
  it('finds nothing in the same events', () => {
    const e = [sac(0.5), blink(1.2), sac(2)];
    expect(matchEvents(e, e, 30)).toEqual([]);
  });

  it('calls a blink 80 ms later moved, by +80 ms', () => {
    const [c] = matchEvents([blink(2)], [blink(2.08)], 30);
    expect(c).toMatchObject({ kind: 'blink', change: 'moved', baselineS: 2, currentS: 2.08, shiftMs: 80 });
  });

  it('does not call a shift under half a film frame a move (interpolated onsets)', () => {
    expect(matchEvents([sac(1)], [sac(1.01)], 30)).toEqual([]); // 10 ms < 16.7 ms
    expect(matchEvents([sac(1)], [sac(1.01)], 60)).toHaveLength(1); // 10 ms ≥ 8.3 ms at 60 fps
  });

  it('calls an event beyond its window removed and added, not moved', () => {
    const far = EVENT_MATCH_WINDOW_MS.saccade / 1000 + 0.01;
    expect(matchEvents([sac(1)], [sac(1 + far)], 30).map((c) => c.change)).toEqual(['removed', 'added']);
  });

  it('never matches across kinds', () => {
    expect(matchEvents([blink(1)], [sac(1)], 30).map((c) => `${c.kind} ${c.change}`)).toEqual(['blink removed', 'saccade added']);
  });

  it('pairs the closest first, so a neighbour is not stolen', () => {
    // Baseline 1.00 and 1.10; current 1.09 only: 1.10 keeps it (1 ms off), 1.00 is removed.
    const out = matchEvents([sac(1), sac(1.1)], [sac(1.099)], 30);
    expect(out).toEqual([expect.objectContaining({ change: 'removed', baselineS: 1 })]);
  });

  it('calls a saccade that lands elsewhere (amplitude 5° → 6°) moved, a 0.05° change not', () => {
    expect(matchEvents([sac(1, 5)], [sac(1, 6)], 30)).toEqual([expect.objectContaining({ change: 'moved', shiftMs: 0, amplitudeDeg: 6, baselineAmplitudeDeg: 5 })]);
    expect(matchEvents([sac(1, 5)], [sac(1, 5.05)], 30)).toEqual([]);
  });

  it('counts an added blink among unchanged saccades', () => {
    const out = matchEvents([sac(0.5), sac(2)], [sac(0.5), blink(1.3), sac(2)], 30);
    expect(out).toEqual([expect.objectContaining({ kind: 'blink', change: 'added', currentS: 1.3, baselineS: null })]);
  });
});
