import { describe, expect, it } from 'vitest';
import { FACE } from '../../../spec/eye-spec.ts';
import { ERA_BROW } from '../../eras/era-brow.ts';
import { Random } from '../../random/random.ts';
import { Muscles, type MuscleOnset } from '../muscles/muscles.ts';
import type { SenseEvent, SenseKind } from '../senses/senses.ts';
import { Feelings, type FeelingOnset } from './feelings.ts';

const STEP_MS = 1000 / 240;

/** Run the feelings for `s` seconds with senses at the given times (s); the visitor present unless said. */
function run(senses: [number, SenseKind][], s: number, opts: { reachable?: boolean; idleFromS?: number } = {}) {
  const m = new Muscles(STEP_MS / 1000);
  const f = new Feelings(new Random('t'), m, STEP_MS / 1000, 0.1);
  const onsets: FeelingOnset[] = [];
  const sink: MuscleOnset[] = [];
  let held = 0;
  const asks: number[] = [];
  for (let i = 0; i <= s * 240; i++) {
    const tMs = i * STEP_MS;
    const now: SenseEvent[] = senses.filter(([at]) => Math.round(at * 240) === i).map(([, sense]) => ({ sense, atMs: tMs, xR: 0, yR: 0 }));
    const idleMs = opts.idleFromS === undefined ? 0 : Math.max(0, tMs - opts.idleFromS * 1000);
    f.step({ tMs, senses: now, reachable: opts.reachable ?? true, idleMs, eraChanged: false, mood: ERA_BROW['1981'], moodHeld: false, contactRegained: false }, onsets);
    m.step(tMs, sink);
    if (f.blinksHeld) held++;
    if (f.takeBlinkRequest()) asks.push(tMs);
  }
  return { onsets, m, heldMs: held * STEP_MS, asks };
}

describe('feelings', () => {
  it('a startle within 10 s habituates × 0.6, the third turns wary; after 10 s it starts afresh', () => {
    const { onsets } = run([[1, 'dart'], [4, 'dart'], [7, 'dart'], [18, 'dart']], 20);
    expect(onsets.map((o) => o.feeling)).toEqual(['surprise', 'surprise', 'wary', 'surprise']);
    expect(onsets[1].scale).toBeCloseTo(FACE.startleHabituation, 12);
    expect(onsets[3].scale).toBe(1);
  });

  it('blinks are held through a startle, and one blink is asked for when it ends', () => {
    const { heldMs, asks } = run([[1, 'dart']], 3);
    expect(heldMs).toBeGreaterThan(400);
    expect(asks).toHaveLength(1);
    expect(asks[0]).toBeGreaterThan(1400);
  });

  it('three pokes without going turn to annoyance; a leave between them does not', () => {
    const three = run([[1, 'poke'], [2, 'poke'], [3, 'poke']], 6);
    expect(three.onsets.filter((o) => o.feeling === 'annoyance')).toHaveLength(1);
    expect(three.m.activation.AU4).toBeGreaterThan(0.3);
    const left = run([[1, 'poke'], [2, 'poke'], [2.5, 'leave'], [2.8, 'return'], [3, 'poke']], 6);
    expect(left.onsets.filter((o) => o.feeling === 'annoyance')).toHaveLength(0);
  });

  it('a return within ~12 s of a poke is braced for, later one is greeted', () => {
    const soon = run([[1, 'poke'], [2, 'leave'], [5, 'return']], 6).onsets.map((o) => o.feeling);
    expect(soon).toEqual(['wince', 'wistful', 'braced']);
    const late = run([[1, 'poke'], [2, 'leave'], [15, 'return']], 16).onsets.map((o) => o.feeling);
    expect(late).toEqual(['wince', 'wistful', 'greeting']);
  });

  it('boredom comes after 30–40 s of nothing, only while the eye can be reached', () => {
    const bored = run([], 45, { idleFromS: 0 }).onsets.filter((o) => o.feeling === 'boredom');
    expect(bored).toHaveLength(1);
    expect(bored[0].atMs).toBeGreaterThanOrEqual(FACE.boredomAfterMs.min);
    expect(bored[0].atMs).toBeLessThanOrEqual(FACE.boredomAfterMs.max);
    expect(run([], 45, { idleFromS: 0, reachable: false }).onsets).toHaveLength(0);
  });
});
