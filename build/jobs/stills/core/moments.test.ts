import { describe, expect, it } from 'vitest';
import { simulate } from '../../../model/player.ts';
import { stepsAtFrame, stepTimeMs } from '../../../model/time/clock.ts';
import type { TruthEvent } from '../../../model/types.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { pickMoments, type Moment, type MomentTrace } from './moments.ts';

const FPS = 30;
const FRAMES = 30;

/** A flat 240 Hz trace for a 30-frame film at 30 fps (frame n draws step 8n), with values set at steps. */
function trace(set: { pitchDeg?: Record<number, number>; apertureMm?: Record<number, number>; browLiftMm?: Record<number, number> }, events: TruthEvent[]): MomentTrace {
  const steps = stepsAtFrame(FRAMES, FPS) + 1;
  const col = (base: number, at: Record<number, number> = {}) => Array.from({ length: steps }, (_, i) => at[i] ?? base);
  return {
    columns: {
      tMs: Array.from({ length: steps }, (_, i) => stepTimeMs(i)),
      pitchDeg: col(0, set.pitchDeg),
      apertureMm: col(10.65, set.apertureMm),
      browLiftMm: col(0, set.browLiftMm),
    },
    events,
  };
}
const step = (frame: number) => stepsAtFrame(frame, FPS);
const saccade = (amplitudeDeg: number, startMs: number, endMs: number): TruthEvent => ({ kind: 'saccade', startMs, endMs, amplitudeDeg, corrective: false, cause: 'script' });
const blink = (startMs: number, endMs: number, partial: boolean): TruthEvent => ({ kind: 'blink', startMs, endMs, depth: partial ? 0.4 : 1, partial, doubleSecond: false, evoked: false });
const byName = (ms: Moment[]) => Object.fromEntries(ms.map((m) => [m.name, m]));

describe('pickMoments', () => {
  // Frames 5, 6, 7 (166.7, 200, 233.3 ms) fall inside the first blink; 21–23 inside the partial one.
  const events: TruthEvent[] = [
    blink(700, 790, true),
    blink(150, 250, false),
    saccade(10, 160, 240), // the largest, but under the blink
    saccade(8, 510, 530), // between frames 15 (500 ms) and 16 (533 ms): no frame in flight
    saccade(6, 390, 420), // frame 12 (400 ms) in flight
    { kind: 'microsaccade', startMs: 600, endMs: 610, amplitudeDeg: 20, corrective: false, cause: 'micro' },
  ];
  const t = trace(
    {
      // Bell's phenomenon under the lid (frame 6) is higher than any open frame; a sample no frame draws (step 84) is lowest of all.
      pitchDeg: { [step(10)]: -5, [step(20)]: 4, [step(6)]: 9, [step(10) + 4]: -9 },
      apertureMm: { [step(5)]: 5, [step(6)]: 0, [step(7)]: 4, [step(21)]: 8, [step(22)]: 6.5, [step(23)]: 7 },
      browLiftMm: { [step(25)]: 1.2, [step(25) + 3]: 2 },
    },
    events,
  );
  const m = byName(pickMoments(t, { fps: FPS, frames: FRAMES }));

  it('mid-saccade: the largest saccade with a frame drawn in flight outside a blink', () => {
    expect(m['mid-saccade']).toMatchObject({ found: true, kind: 'still', frame: 12, tMs: 400, frames: [12] });
    expect(m['mid-saccade'].why).toContain('6.0°');
    expect(m['mid-saccade'].why).toContain('2 larger one(s), the largest 10.0°');
  });

  it('first blink: every frame of it and one open frame either side, as a strip', () => {
    expect(m['first-blink']).toMatchObject({ found: true, kind: 'strip', frames: [4, 5, 6, 7, 8], frame: 6 });
    expect(m['first-blink'].why).toContain('full, 0.150s–0.250s: its 3 frame(s)');
  });

  it('gaze extremes: judged on the samples the frames drew, leaving out frames inside blinks', () => {
    expect(m['down-gaze']).toMatchObject({ found: true, frame: 10 });
    expect(m['down-gaze'].why).toContain('-5.0°');
    expect(m['up-gaze']).toMatchObject({ found: true, frame: 20 });
    expect(m['up-gaze'].why).toContain('+4.0°');
  });

  it('partial blink: its most closed frame; brow: its highest drawn frame', () => {
    expect(m['partial-blink']).toMatchObject({ found: true, frame: 22 });
    expect(m['partial-blink'].why).toContain('6.50 mm');
    expect(m['brow-highest']).toMatchObject({ found: true, frame: 25 });
    expect(m['brow-highest'].why).toContain('1.20 mm');
  });

  it('says what is missing: no saccade, no blink, no partial blink, a brow that never lifts', () => {
    const none = byName(pickMoments(trace({ pitchDeg: { [step(3)]: -1 } }, []), { fps: FPS, frames: FRAMES }));
    expect(none['mid-saccade']).toEqual({ name: 'mid-saccade', found: false, why: 'no saccade in this film' });
    expect(none['first-blink']).toEqual({ name: 'first-blink', found: false, why: 'no blink in this film' });
    expect(none['partial-blink']).toEqual({ name: 'partial-blink', found: false, why: 'none in this film' });
    expect(none['brow-highest']).toMatchObject({ found: false });
    expect(none['down-gaze']).toMatchObject({ found: true, frame: 3 });
    const fast = byName(pickMoments(trace({}, [saccade(3, 510, 530)]), { fps: FPS, frames: FRAMES }));
    expect(fast['mid-saccade'].found).toBe(false);
    expect(fast['mid-saccade'].why).toContain('shorter than a frame');
  });

  it('says when a double blink\'s second closure starts inside the first one\'s span, and never prints -0.00', () => {
    const d = byName(pickMoments(trace({ apertureMm: { [step(6)]: -1e-9 } }, [blink(150, 450, false), blink(300, 600, false)]), { fps: FPS, frames: FRAMES }));
    expect(d['first-blink'].why).toContain('the next blink starts at 0.300s, inside this one\'s span');
    expect(d['first-blink'].why).toContain('aperture 0.00 mm');
  });

  it('refuses a trace that does not cover the film or does not start at step 0', () => {
    expect(() => pickMoments(t, { fps: FPS, frames: 40 })).toThrow('the trace has 241 samples');
    const shifted = { ...t, columns: { ...t.columns, tMs: Array.from(t.columns.tMs, (v) => v + 5) } } as MomentTrace;
    expect(() => pickMoments(shifted, { fps: FPS, frames: FRAMES })).toThrow('expected 0 ms (step 0)');
  });
});

describe('pickMoments on the model', () => {
  it('on 20 s of 1995 picks frames that lie inside the events they name', () => {
    const tr = simulate(loadScene('1995-script'), 20);
    const clock = { fps: FPS, frames: 20 * FPS };
    const m = byName(pickMoments(tr, clock));
    const drawn = (n: number) => stepTimeMs(stepsAtFrame(n, FPS));
    const within = (n: number, e: TruthEvent) => drawn(n) >= e.startMs && drawn(n) <= e.endMs;
    const sac = m['mid-saccade'];
    expect(sac.found).toBe(true);
    if (sac.found) expect(tr.events.some((e) => e.kind === 'saccade' && within(sac.frame, e))).toBe(true);
    const b = m['first-blink'];
    expect(b.found).toBe(true);
    if (b.found) {
      const first = tr.events.filter((e) => e.kind === 'blink').sort((x, y) => x.startMs - y.startMs)[0];
      expect(drawn(b.frames[0])).toBeLessThan(first.startMs);
      expect(drawn(b.frames[b.frames.length - 1])).toBeGreaterThan(first.endMs);
      expect(b.frames.slice(1, -1).every((n) => within(n, first))).toBe(true);
    }
    for (const name of ['down-gaze', 'up-gaze'] as const) {
      const g = m[name];
      if (g.found) expect(tr.events.some((e) => e.kind === 'blink' && within(g.frame, e))).toBe(false);
    }
  });
});
