import { describe, expect, it } from 'vitest';
import { FACE } from '../../../spec/eye-spec.ts';
import { fireProgram, MOTOR_PROGRAMS } from './motor-programs.ts';
import { Muscles, MUSCLE_FALL_PER_S, MUSCLE_RISE_PER_S, type Au, type MuscleOnset } from './muscles.ts';

const STEP_MS = 1000 / 240;

/** Play a program from t = 0 and return each muscle's activation per step. */
function play(id: keyof typeof MOTOR_PROGRAMS, ms: number): { act: Record<Au, number[]>; onsets: MuscleOnset[] } {
  const m = new Muscles(STEP_MS / 1000);
  fireProgram(m, id, 0, 1);
  const act = { AU1: [], AU2: [], AU4: [], AU6: [], AU5: [], AU7: [], AU43: [] } as Record<Au, number[]>;
  const onsets: MuscleOnset[] = [];
  for (let i = 0; i * STEP_MS <= ms; i++) {
    m.step(i * STEP_MS, onsets);
    for (const au of Object.keys(act) as Au[]) act[au].push(m.activation[au]);
  }
  return { act, onsets };
}

/** First step time at which a column rises above 0.02. */
const onsetMs = (col: number[]) => col.findIndex((v) => v > 0.02) * STEP_MS;

describe('muscles', () => {
  it('rise at λ 18–25 /s and fall at λ 4–5 /s', () => {
    expect(MUSCLE_RISE_PER_S).toBeGreaterThanOrEqual(FACE.muscleRisePerS.min);
    expect(MUSCLE_RISE_PER_S).toBeLessThanOrEqual(FACE.muscleRisePerS.max);
    expect(MUSCLE_FALL_PER_S).toBeGreaterThanOrEqual(FACE.muscleFallPerS.min);
    expect(MUSCLE_FALL_PER_S).toBeLessThanOrEqual(FACE.muscleFallPerS.max);
    const m = new Muscles(STEP_MS / 1000);
    m.tonic.AU4 = 1;
    const sink: MuscleOnset[] = [];
    for (let i = 0; i < 24; i++) m.step(i * STEP_MS, sink); // 100 ms
    expect(m.activation.AU4).toBeCloseTo(1 - Math.exp(-MUSCLE_RISE_PER_S * 0.1), 9);
    m.tonic.AU4 = 0;
    const top = m.activation.AU4;
    for (let i = 0; i < 48; i++) m.step(i * STEP_MS, sink); // 200 ms
    expect(m.activation.AU4).toBeCloseTo(top * Math.exp(-MUSCLE_FALL_PER_S * 0.2), 9);
  });

  it("fire in each program's own order: wince lids lead the brow ~50 ms, surprise 30–50 ms, delight's AU6 trails ~180 ms", () => {
    const w = play('wince', 600).act;
    expect(onsetMs(w.AU4) - onsetMs(w.AU7)).toBeCloseTo(FACE.winceLidLeadMs.value, -1);
    const s = play('surprise', 600).act;
    const lead = onsetMs(s.AU1) - onsetMs(s.AU5);
    expect(lead).toBeGreaterThanOrEqual(FACE.surpriseLidLeadMs.min);
    expect(lead).toBeLessThanOrEqual(FACE.surpriseLidLeadMs.max);
    const g = play('greeting', 600);
    expect(onsetMs(g.act.AU6) - onsetMs(g.act.AU1)).toBeCloseTo(FACE.delightAu6TrailMs.value, -1);
    // The greeting flash's onset: ~90 % of its pulse within ~100 ms.
    const peak = MOTOR_PROGRAMS.greeting[0].level;
    const ninety = g.act.AU1.findIndex((v) => v > 0.9 * peak) * STEP_MS;
    expect(Math.abs(ninety - FACE.greetingOnsetMs)).toBeLessThan(15);
    expect(g.onsets.map((o) => o.au)).toEqual(['AU1', 'AU2', 'AU6']);
  });
});
