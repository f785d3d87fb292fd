import { describe, expect, it } from 'vitest';
import type { PointerKey, Scene } from '../../../scene/scene.ts';
import { Random } from '../../random/random.ts';
import { eraAt } from '../../stage/stage.ts';
import { gazePitchUnits } from '../../anatomy/gaze-pitch.ts';
import { createGaze } from './create-gaze.ts';
import type { GazeState } from './gaze-process.ts';
import { isSaccadeEvent } from '../../../testing/gaze-stats.ts';
import { gazeScene, runGaze } from '../../../testing/run-gaze.ts';

const pointer: PointerKey[] = [
  { tS: 0, xR: 0, yR: 0, kind: 'move' },
  { tS: 1, xR: 3, yR: 1, kind: 'move' },
  { tS: 1.5, xR: 3, yR: 1, kind: 'press' },
  { tS: 2, xR: -2, yR: -1, kind: 'move' },
  { tS: 3, xR: 0, yR: 0, kind: 'leave' },
];

const snapshot = (s: GazeState): string => JSON.stringify(s);

describe('reduced motion (eye.md §8)', () => {
  it('rests at (0, 0), ignores the pointer, never moves: every step identical, no events', () => {
    for (const era of ['1970', '2009', '2026'] as const) {
      const scene = gazeScene(era, { reducedMotion: true, pointer });
      const first: string[] = [];
      let differing = 0;
      let landed = 0;
      const events = runGaze(scene, 60, (g) => {
        const s = snapshot(g.state());
        if (first.length === 0) first.push(s);
        if (s !== first[0]) differing++;
        landed += g.landings().length;
      });
      expect(differing).toBe(0);
      expect(landed).toBe(0);
      expect(events.length).toBe(0);
      const s = JSON.parse(first[0]) as GazeState;
      expect([s.yawDeg, s.pitchDeg, s.inSaccade]).toEqual([0, 0, false]);
    }
  });
});

describe('calm (eye.md §8)', () => {
  it('gaze amplitudes × 0.6 and grain × 0.45', () => {
    const mean = (scene: Scene, re: RegExp): number => {
      const a = runGaze(scene, 600)
        .filter(isSaccadeEvent)
        .filter((e) => re.test(e.cause))
        .map((e) => e.amplitudeDeg);
      return a.reduce((s, x) => s + x, 0) / a.length;
    };
    const hop = mean(gazeScene('1981', { calm: true }), /^scatter$/) / mean(gazeScene('1981'), /^scatter$/);
    expect(Math.abs(hop - 0.6)).toBeLessThan(0.03);
    const micro = mean(gazeScene('2000', { calm: true }), /^micro$/) / mean(gazeScene('2000'), /^micro$/);
    expect(Math.abs(micro - 0.45)).toBeLessThan(0.03);
  });
});

describe('modes and eras', () => {
  it('rest mode: eye contact at (0, 0) in every era, following the pointer with the era\'s own gain', () => {
    for (const era of ['1970', '2009'] as const) {
      const pitch: number[] = [];
      runGaze(gazeScene(era, { mode: 'rest' }), 20, (g) => pitch.push(g.state().pitchDeg));
      for (const p of pitch) expect(Math.abs(p)).toBeLessThan(1);
    }
    // A pointer parked 2 R to the right (~10.7°): 2026 (follow 1) looks at it, 2000 (follow 0.25) a quarter of the way.
    const park: PointerKey[] = [{ tS: 0.5, xR: 2, yR: 0, kind: 'move' }];
    const yawAt2s = (era: '2026' | '2000'): number => {
      let yaw = NaN;
      runGaze(gazeScene(era, { mode: 'rest', pointer: park }), 2, (g) => (yaw = g.state().yawDeg));
      return yaw;
    };
    expect(Math.abs(yawAt2s('2026') - 10.75)).toBeLessThan(1.3);
    expect(Math.abs(yawAt2s('2000') - (1.2 * 0.75 + 0.25 * 10.75))).toBeLessThan(1.3 + 1.2);
  });

  it('a tour: the eye finishes its movement (≤ 0.12 s), then the new era plays from its own start', () => {
    const tour: Scene['tour'] = [
      { era: '1995', atS: 0 },
      { era: '2009', atS: 5 },
      { era: '2013', atS: 10 },
      { era: '1970', atS: 15 },
    ];
    for (const seed of [1, 2, 3, 4, 5]) {
      const scene = gazeScene('1995', { tour, seed });
      let switches = 0;
      let worstLagMs = 0;
      let prev = '1995';
      const events = runGaze(scene, 20, (g, i) => {
        const tMs = (i * 1000) / 240;
        const s = g.state();
        if (s.era !== prev) {
          switches++;
          prev = s.era;
        }
        if (s.era !== eraAt(scene, tMs)) {
          // Lagging the stage: by at most the hold (plus one step to notice).
          let since = tMs;
          while (eraAt(scene, since - 1000 / 240) !== s.era) since -= 1000 / 240;
          worstLagMs = Math.max(worstLagMs, tMs - since);
        }
      });
      expect(worstLagMs).toBeLessThanOrEqual(120 + 1000 / 240);
      expect(switches).toBe(3);
      expect(events.filter((e) => isSaccadeEvent(e) && e.cause === 'era-change').length).toBe(3);
    }
  });

  it('convergence comes from the viewing distance: ~2.6° at 2009\'s 32 cm, none at 60 cm or at rest', () => {
    const last = (scene: Scene): GazeState => {
      let s: GazeState | null = null;
      runGaze(scene, 2, (g) => (s = { ...g.state() }));
      return s as unknown as GazeState;
    };
    expect(last(gazeScene('2009')).convergenceDeg).toBeCloseTo(2.62, 1);
    expect(last(gazeScene('1970')).convergenceDeg).toBe(0);
    expect(last(gazeScene('2009', { mode: 'rest' })).convergenceDeg).toBe(0);
  });

  it('rigX/rigY carry the raw rig gaze (the pitch is its shaped form)', () => {
    let worst = 0;
    runGaze(gazeScene('2013'), 10, (g) => {
      const s = g.state();
      worst = Math.max(worst, Math.abs(10 * gazePitchUnits(s.rigY) - s.pitchDeg), Math.abs(10 * s.rigX - s.yawDeg));
    });
    expect(worst).toBeLessThan(1e-9);
  });

  it('landings() lists exactly what landed on the last step', () => {
    const gaze = createGaze(gazeScene('1995'), Random.fromSeed(1).spawn('gaze'));
    let landed = 0;
    let mismatched = 0;
    for (let i = 0; i < 240 * 60; i++) {
      gaze.step('1995');
      const l = gaze.landings();
      const ev = gaze.drainEvents().filter(isSaccadeEvent);
      if (l.length !== ev.length) mismatched++;
      for (let k = 0; k < Math.min(l.length, ev.length); k++) {
        const same =
          l[k].amplitudeDeg === ev[k].amplitudeDeg &&
          l[k].micro === ev[k].cause.startsWith('micro') &&
          l[k].corrective === ev[k].corrective;
        if (!same) mismatched++;
      }
      landed += l.length;
    }
    expect(mismatched).toBe(0);
    expect(landed).toBeGreaterThan(50);
  });

  it('is deterministic, and each sub-process draws from its own stream', () => {
    const trace = (scene: Scene): string => {
      const out: number[] = [];
      runGaze(scene, 30, (g) => out.push(g.state().yawDeg, g.state().pitchDeg));
      return out.join(',');
    };
    expect(trace(gazeScene('1991', { pointer }))).toBe(trace(gazeScene('1991', { pointer })));
    // Doubling the microsaccades leaves the script's own saccades (their order and goals) alone.
    const script = (scene: Scene): string =>
      runGaze(scene, 120)
        .filter((e) => isSaccadeEvent(e) && !e.cause.startsWith('micro'))
        .map((e) => (isSaccadeEvent(e) ? e.cause : ''))
        .join(' ');
    expect(script(gazeScene('1991', { overrides: { microRatePerS: 0.9 } }))).toBe(script(gazeScene('1991')));
  });
});
