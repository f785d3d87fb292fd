import { describe, expect, it } from 'vitest';
import { parseScene } from '../../scene/parse.ts';
import { ERA_IDS, type Scene } from '../../scene/scene.ts';
import { ERA_BLINK_MEAN_S } from '../eras/era-blink.ts';
import { Player } from '../player.ts';
import { SAMPLE_FIELDS, type TruthEvent } from '../types.ts';
import { scriptedGaze } from '../../testing/scripted-gaze.ts';
import { createTunedEye } from './tuned-eye.ts';

const scene = (fields: Record<string, unknown>): Scene => parseScene({ durationS: 600, ...fields }, 'test', 'test');
type Blink = Extract<TruthEvent, { kind: 'blink' }>;

describe('tuned eye', () => {
  it('is deterministic from the scene seed', () => {
    const a = new Player(scene({ era: '1995', seed: 4 }));
    const b = new Player(scene({ era: '1995', seed: 4 }));
    a.goToStep(240 * 30);
    b.goToStep(240 * 30);
    const ta = a.recorder.trace();
    const tb = b.recorder.trace();
    // Compared by hand: expect().toEqual over long typed arrays is slow.
    for (const f of SAMPLE_FIELDS) {
      const a = ta.columns[f];
      const b = tb.columns[f];
      expect(a.length).toBe(b.length);
      expect(a.every((v, i) => Object.is(v, b[i]))).toBe(true);
    }
    expect(ta.events).toEqual(tb.events);
  });

  it('reduced motion: every sample identical but tMs, no blinks, frame scale 1', () => {
    const p = new Player(scene({ era: '2013', seed: 2, reducedMotion: true }));
    p.goToStep(240 * 120);
    const t = p.recorder.trace();
    for (const f of SAMPLE_FIELDS) {
      if (f === 'tMs') continue;
      const col = t.columns[f];
      for (let i = 1; i < col.length; i++) if (!Object.is(col[i], col[0])) throw new Error(`${f} changed at step ${i}`);
    }
    expect(t.columns.frameScale[0]).toBe(1);
    expect(t.columns.blinkClosure[0]).toBe(0);
    expect(t.events.filter((e) => e.kind !== 'cut')).toEqual([]);
  });

  it('frame scale is exactly 1, and every field finite, in a tour with cuts', () => {
    const p = new Player(parseScene({ tour: [{ era: '1970', atS: 0 }, { era: '2009', atS: 5 }, { era: '2026', atS: 10 }], durationS: 20 }, 'tour', 'tour'));
    p.goToStep(240 * 20);
    const t = p.recorder.trace();
    // The followed target is NaN while nothing is followed (no pointer here): every other field finite.
    for (const f of SAMPLE_FIELDS) expect(t.columns[f].every((v) => Number.isFinite(v) || (f.startsWith('target') && Number.isNaN(v))), f).toBe(true);
    expect(t.columns.frameScale.every((v) => v === 1)).toBe(true);
    const cuts = t.events.filter((e) => e.kind === 'cut');
    expect(cuts.map((c) => c.startMs)).toEqual([5000, 10000]);
    // The cut shuts the lids whatever the blink process does.
    const shut = Math.round(5.15 * 240);
    expect(t.columns.apertureMm[shut]).toBeCloseTo(0, 9);
  });

  it('no partial blink starts during a cut or within 600 ms after it; blinks under a cut finish unseen', () => {
    // Ten minutes of cuts every 2.5 s between two eras.
    const tour = Array.from({ length: 240 }, (_, i) => ({ era: i % 2 === 0 ? '1995' : '2026', atS: i * 2.5 }));
    const eye = createTunedEye(parseScene({ tour, durationS: 600, seed: 4 }, 'cuts', 'cuts'));
    const cuts: { startMs: number; endMs: number }[] = [];
    const blinks: Blink[] = [];
    let hiddenSteps = 0;
    for (let n = 0; n < 240 * 600; n++) {
      eye.step();
      const s = eye.sample();
      if (s.blinkClosure > 0 && s.apertureMm < 1e-9) hiddenSteps++;
      for (const e of eye.drainEvents()) {
        if (e.kind === 'cut') cuts.push(e);
        if (e.kind === 'blink') blinks.push(e);
      }
    }
    const inWindow = (t: number) => cuts.some((c) => t >= c.startMs && t < c.endMs + 600);
    const natural = blinks.filter((b) => !b.doubleSecond);
    const partialOutside = natural.filter((b) => b.partial).length;
    const outside = natural.filter((b) => !inWindow(b.startMs)).length;
    console.log(`cuts: ${cuts.length}; blinks starting in a cut window ${natural.length - outside}, partial there 0 required; partial share outside ${((partialOutside / outside) * 100).toFixed(1)} %`);
    for (const b of natural) if (inWindow(b.startMs)) expect(b.partial).toBe(false);
    expect(natural.length - outside).toBeGreaterThan(20);
    expect(partialOutside / outside).toBeGreaterThan(0.08);
    expect(hiddenSteps).toBeGreaterThan(0);
  });

  it('the near reflex turns the (right) eye in: convergence is added to the sample as +yaw', () => {
    const gaze = scriptedGaze('2009', [0], 1e9);
    gaze.state().convergenceDeg = 2.6;
    const eye = createTunedEye(scene({ era: '2009' }), { createGaze: () => gaze });
    eye.step();
    expect(eye.sample().yawDeg).toBeCloseTo(2.6, 12);
  });

  it('the lids shut with the blink, and Bell rolls the globe up under them', () => {
    const p = new Player(scene({ era: '2026', seed: 9 }));
    p.goToStep(240 * 60);
    const t = p.recorder.trace();
    const blink = t.events.find((e): e is Blink => e.kind === 'blink' && !e.partial)!;
    const i = Math.round(((blink.startMs + 90) * 240) / 1000);
    expect(t.columns.blinkClosure[i]).toBe(1);
    expect(t.columns.apertureMm[i]).toBeCloseTo(0, 9);
    expect(t.columns.pitchDeg[i] - t.columns.pitchDeg[i - 40]).toBeGreaterThan(8);
  });

  it('mean blink interval per era over 10 min lies in 3–6.5 s, near its configured mean', () => {
    const rows: string[] = [];
    ERA_IDS.forEach((era, i) => {
      const eye = createTunedEye(scene({ era, seed: 100 + i }));
      const onsets: number[] = [];
      for (let n = 0; n < 240 * 600; n++) {
        eye.step();
        for (const e of eye.drainEvents()) if (e.kind === 'blink' && !e.doubleSecond) onsets.push(e.startMs);
      }
      onsets.sort((a, b) => a - b);
      const mean = (onsets[onsets.length - 1] - onsets[0]) / (onsets.length - 1) / 1000;
      rows.push(`${era}: ${mean.toFixed(2)} s (configured ${ERA_BLINK_MEAN_S[era]} s, ${onsets.length} blinks)`);
      expect(mean).toBeGreaterThanOrEqual(3);
      expect(mean).toBeLessThanOrEqual(6.5);
    });
    console.log(`mean blink interval between first-blink onsets, 10 min each:\n${rows.join('\n')}`);
  });

  it('scene.overrides.blinkMeanS replaces the era mean (so the blink cap can be shown to fail)', () => {
    const eye = createTunedEye(scene({ era: '2000', seed: 6, overrides: { blinkMeanS: 2 } }));
    const onsets: number[] = [];
    for (let n = 0; n < 240 * 600; n++) {
      eye.step();
      for (const e of eye.drainEvents()) if (e.kind === 'blink' && !e.doubleSecond) onsets.push(e.startMs);
    }
    const mean = (onsets[onsets.length - 1] - onsets[0]) / (onsets.length - 1) / 1000;
    console.log(`blinkMeanS override 2 s: measured ${mean.toFixed(2)} s`);
    expect(Math.abs(mean - 2)).toBeLessThan(0.2);
  });
});
