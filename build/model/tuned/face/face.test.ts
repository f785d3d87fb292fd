import { describe, expect, it } from 'vitest';
import { simulate } from '../../player.ts';
import { parseScene } from '../../../scene/parse.ts';
import type { PointerKey } from '../../../scene/scene.ts';
import type { TruthEvent } from '../../types.ts';
import { programSpanMs } from '../muscles/motor-programs.ts';
import { BOREDOM_AU43, moodHolds } from './face.ts';
import { ERA_BROW } from '../../eras/era-brow.ts';
import { FACE } from '../../../spec/eye-spec.ts';

const move = (tS: number, xR: number, yR: number): PointerKey => ({ tS, xR, yR, kind: 'move' });
const at = (cols: { tMs: Float64Array }, ms: number) => cols.tMs.findIndex((t) => t >= ms);

describe('the face in the eye', () => {
  // A dart at 2 s, the pointer creeping before it (no arrival just before the startle).
  const keys: PointerKey[] = [move(0, 4, 0.2), move(2, 4.2, 0.2), move(2.8, -4, 0.2), move(20, -4.2, 0.2)];
  const trace = simulate(parseScene({ era: '2003', mode: 'rest', seed: 5, pointer: keys }, 't', 't'), 20);
  const c = trace.columns;
  const blinks = trace.events.filter((e): e is Extract<TruthEvent, { kind: 'blink' }> => e.kind === 'blink');
  const surprise = trace.events.find((e) => e.kind === 'feeling' && e.feeling === 'surprise')!;

  it('reports what it sensed, felt and drove as ground truth', () => {
    expect(trace.events.some((e) => e.kind === 'sense' && e.sense === 'dart')).toBe(true);
    expect(surprise).toBeDefined();
    const au5 = trace.events.find((e) => e.kind === 'muscle' && e.au === 'AU5')!;
    const au1 = trace.events.find((e) => e.kind === 'muscle' && e.au === 'AU1' && e.startMs > surprise.startMs)!;
    expect(au1.startMs - au5.startMs).toBeGreaterThanOrEqual(FACE.surpriseLidLeadMs.min);
  });

  it('holds blinks through the startle, and one blink follows its end', () => {
    const end = surprise.startMs + programSpanMs('surprise');
    expect(blinks.filter((b) => b.startMs > surprise.startMs && b.startMs < end)).toHaveLength(0);
    const after = blinks.find((b) => b.startMs >= end)!;
    expect(after.startMs - end).toBeLessThan(20);
    expect(after.partial).toBe(false);
  });

  it('opens the pupil with arousal and lifts the lid with AU5', () => {
    const before = at(c, surprise.startMs - 10);
    const peak = at(c, surprise.startMs + 450);
    expect(c.pupilMm[at(c, surprise.startMs + 700)] - c.pupilMm[before]).toBeGreaterThan(0.2);
    expect(c.au5Activation[peak]).toBeGreaterThan(0.5);
    expect(c.upperLidMm[peak] - c.upperLidMm[before]).toBeGreaterThan(0.4);
  });

  it("boredom's held lid is under eye.md's 0.7 mm", () => {
    expect(BOREDOM_AU43).toBeGreaterThan(0);
    const s = simulate(parseScene({ era: '2003', mode: 'rest', seed: 5, pointer: [move(0, 1, 0)] }, 't', 't'), 45);
    const heavier = s.columns.apertureMm[at(s.columns, 20_000)] - s.columns.apertureMm[at(s.columns, 44_900)];
    expect(heavier).toBeGreaterThan(0.2);
    expect(heavier).toBeLessThanOrEqual(FACE.boredomLidMaxMm);
  });

  it("moods read the eye: 2013's at the lens only, 2026's within 4° only", () => {
    expect(moodHolds(ERA_BROW['2013'], { rigX: 0, rigY: 0.45, yawDeg: 0, pitchDeg: 4 })).toBe(true);
    expect(moodHolds(ERA_BROW['2013'], { rigX: 0.04, rigY: 0.25, yawDeg: 0.4, pitchDeg: 2.4 })).toBe(false);
    expect(moodHolds(ERA_BROW['2026'], { rigX: 0.3, rigY: 0, yawDeg: 3, pitchDeg: 0 })).toBe(true);
    expect(moodHolds(ERA_BROW['2026'], { rigX: 0.5, rigY: 0, yawDeg: 5, pitchDeg: 0 })).toBe(false);
  });
});
