import { describe, expect, it } from 'vitest';
import { parseScene } from '../../scene/parse.ts';
import type { Scene } from '../../scene/scene.ts';
import { Player } from '../player.ts';
import { SAMPLE_FIELDS, type TruthEvent } from '../types.ts';
import { createGenericEye, genericBlinkClosure } from './generic-eye.ts';

const scene = (fields: Record<string, unknown>): Scene => parseScene({ preset: 'generic', durationS: 600, ...fields }, 'test', 'test');

function run(s: Scene, seconds: number): TruthEvent[] {
  const eye = createGenericEye(s);
  const out: TruthEvent[] = [];
  for (let i = 0; i < seconds * 240; i++) {
    eye.step();
    for (const e of eye.drainEvents()) out.push(e);
  }
  return out;
}

describe('generic eye (seed 003)', () => {
  const seeds = [1, 2, 3];
  const runs = seeds.map((seed) => run(scene({ era: '1995', seed }), 600));
  const totalS = 600 * seeds.length;

  it('labels more saccades and microsaccades than the calm caps allow (its purpose)', () => {
    const sacc = runs.flat().filter((e) => e.kind === 'saccade').length / totalS;
    const micro = runs.flat().filter((e) => e.kind === 'microsaccade').length / totalS;
    console.log(`generic truth: ${sacc.toFixed(2)} saccades/s, ${micro.toFixed(2)} microsaccades/s`);
    expect(sacc).toBeGreaterThan(1.6 * 1.3);
    expect(micro).toBeGreaterThan(0.5 * 1.1);
  });

  it('symmetric-ish 70/100 ms whole blinks every 2.2–6.5 s, 18 ± 3 % doubles 240 ms apart', () => {
    expect(genericBlinkClosure(70)).toBe(1);
    expect(genericBlinkClosure(35)).toBeCloseTo(0.5, 12);
    expect(genericBlinkClosure(120)).toBeCloseTo(0.5, 12);
    expect(genericBlinkClosure(170)).toBe(0);
    let firsts = 0;
    let seconds = 0;
    for (const events of runs) {
      const blinks = events.filter((e): e is Extract<TruthEvent, { kind: 'blink' }> => e.kind === 'blink');
      const onsets = blinks.filter((b) => !b.doubleSecond).map((b) => b.startMs);
      firsts += onsets.length;
      for (let i = 1; i < onsets.length; i++) {
        expect(onsets[i] - onsets[i - 1]).toBeGreaterThanOrEqual(2200 - 5);
        expect(onsets[i] - onsets[i - 1]).toBeLessThanOrEqual(6500 + 5);
      }
      for (const b of blinks) {
        expect(b.depth).toBe(1);
        expect(b.partial).toBe(false);
        if (!b.doubleSecond) continue;
        seconds++;
        expect(onsets.some((o) => Math.abs(b.startMs - o - 240) < 5)).toBe(true);
      }
    }
    const share = seconds / firsts;
    console.log(`generic doubles ${(share * 100).toFixed(1)} % of ${firsts}`);
    expect(Math.abs(share - 0.18)).toBeLessThan(0.03);
  });

  it('the seed\'s jitter re-targets every 0.25–0.9 s', () => {
    const jitter = runs[0].filter((e) => (e.kind === 'saccade' || e.kind === 'microsaccade') && e.cause === 'jitter').map((e) => e.startMs);
    expect(jitter.length).toBeGreaterThan(600 / 0.9);
  });

  it('is deterministic, keeps frame scale 1, and freezes under reduced motion', () => {
    const a = new Player(scene({ era: '2009', seed: 5 }));
    const b = new Player(scene({ era: '2009', seed: 5 }));
    a.goToStep(240 * 20);
    b.goToStep(240 * 20);
    const ta = a.recorder.trace();
    const tb = b.recorder.trace();
    for (const f of SAMPLE_FIELDS) expect(ta.columns[f].every((v, i) => Object.is(v, tb.columns[f][i]))).toBe(true);
    expect(a.recorder.trace().columns.frameScale.every((v) => v === 1)).toBe(true);
    const r = new Player(scene({ era: '2009', seed: 5, reducedMotion: true }));
    r.goToStep(240 * 20);
    const t = r.recorder.trace();
    for (const f of SAMPLE_FIELDS) if (f !== 'tMs') expect(t.columns[f].every((v) => Object.is(v, t.columns[f][0]))).toBe(true);
    expect(t.events).toEqual([]);
  });
});
