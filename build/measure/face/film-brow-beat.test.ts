import { describe, expect, it } from 'vitest';
import { simulate } from '../../model/player.ts';
import { stepsAtFrame } from '../../model/time/clock.ts';
import { BROW_NODE_FIELDS } from '../../model/types.ts';
import { parseScene } from '../../scene/parse.ts';
import { filmSignal } from '../film-metrics.ts';
import { DEFAULT_PARAMS } from '../params.ts';
import { browOnsetsAtFrames } from './brow-onsets-at-frames.ts';
import { BROW_AU_FIELDS, browBeatAssertions, browMuscleSpans, filmBrowBeat, headToTail } from './film-brow-beat.ts';

/** A 1995 script film (30 fps, 30 s) as the film path reads it: the model at its frames. */
function beatOf(overrides: Record<string, number> = {}) {
  const scene = parseScene({ era: '1995', mode: 'script', seed: 1, durationS: 30, overrides }, 'test', 'beat-1995');
  const trace = simulate(scene, scene.durationS);
  const frames = scene.durationS * scene.fps;
  const nodes = BROW_NODE_FIELDS.map((f) => Float64Array.from({ length: frames }, (_, k) => trace.columns[f][stepsAtFrame(k, scene.fps)]));
  const feelings = browMuscleSpans(trace.columns.tMs, BROW_AU_FIELDS.map((f) => trace.columns[f]));
  return filmBrowBeat(filmSignal(trace, scene.fps, 0, frames), nodes, DEFAULT_PARAMS, feelings);
}

describe("the brow's beat read from a film's frames", () => {
  it('the tuned eye: onset inside 100–140 ms after the landing, every answer head to tail', () => {
    const beat = beatOf();
    expect(beat.answers.length).toBeGreaterThanOrEqual(5);
    const [onset, order] = browBeatAssertions('beat-1995', beat, 'film', '');
    expect(onset.pass).toBe(true);
    expect(order.pass).toBe(true);
  });
  it('a brow that answers at once (wait 0 ms) or late (300 ms) fails the onset', () => {
    for (const browWaitMs of [0, 300]) {
      const beat = beatOf({ browWaitMs });
      expect(beat.answers.length).toBeGreaterThan(0);
      const [onset] = browBeatAssertions('beat-1995', beat, 'film', '');
      expect(onset.pass, `wait ${browWaitMs} ms: onset ${beat.headOnsetMedianMs}`).toBe(false);
    }
  });
  it('interpolates the crossing between frames and leaves out a brow already moving before the landing', () => {
    // 30 fps; the head crosses 0.03 mm half way between 100 and 133.3 ms, the tail a frame later.
    const t = Array.from({ length: 12 }, (_, k) => (k * 1000) / 30);
    const head = t.map((x) => (x <= 100 ? 0 : x <= 134 ? 0.06 : 0.2));
    const tail = t.map((x) => (x <= 134 ? 0 : x <= 167 ? 0.06 : 0.2));
    const [a] = browOnsetsAtFrames(t, [head, tail], [{ startMs: 0, endMs: 0 }], { thresholdMm: 0.03, quietBeforeMs: 100, withinMs: 450, minAnswerMm: 0.1 });
    expect(a.nodeDelaysMs[0]).toBeCloseTo(116.67, 1);
    expect(a.nodeDelaysMs[1]).toBeCloseTo(150, 1);
    const moving = t.map((x) => x / 1000);
    expect(browOnsetsAtFrames(t, [moving, tail], [{ startMs: 200, endMs: 230 }], { thresholdMm: 0.03, quietBeforeMs: 100, withinMs: 450, minAnswerMm: 0.1 })).toEqual([]);
  });
  it('head to tail: an answer whose tail moves first fails the order', () => {
    const reach = [0.5, 0.5, 0.5, 0.5, 0.5];
    const good = { landingMs: 0, nodeDelaysMs: [120, 130, 140, 150, 160], nodeReachMm: reach };
    const swapped = { landingMs: 0, nodeDelaysMs: [120, 130, 120, 140, 150], nodeReachMm: reach };
    expect([good, swapped].map(headToTail)).toEqual([true, false]);
    // A node near a tilt's pivot (barely moving) is not held to the order.
    expect(headToTail({ ...swapped, nodeReachMm: [0.5, 0.5, 0.05, 0.5, 0.5] })).toBe(true);
    const beat = { landings: 3, answers: [good, good, swapped], headOnsetMedianMs: 120, inOrder: 2 };
    expect(browBeatAssertions('s', beat, 'film', '')[1].pass).toBe(false);
    expect(browBeatAssertions('s', { ...beat, inOrder: 3 }, 'film', '')[1].pass).toBe(true);
    // Two answers are not a median: reported, not held.
    const few = { landings: 2, answers: [good, good], headOnsetMedianMs: 300, inOrder: 2 };
    expect(browBeatAssertions('s', few, 'film', '').map((a) => a.pass)).toEqual([true, true]);
  });
});
