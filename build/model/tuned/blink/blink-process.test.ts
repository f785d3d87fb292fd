import { describe, expect, it } from 'vitest';
import { Random } from '../../random/random.ts';
import type { TruthEvent } from '../../types.ts';
import type { Landing } from '../gaze/gaze-process.ts';
import { BlinkProcess, evokedBlinkProbability } from './blink-process.ts';
import { blinkClosure, BLINK_CLOSE_MS, BLINK_CREEP_MS, BLINK_HOLD_MS, BLINK_OPEN_MS } from './blink-shape.ts';

type Blink = Extract<TruthEvent, { kind: 'blink' }>;
const STEP_MS = 1000 / 240;

/** Run the blink process alone for `hours` of scene time; return its blinks. */
function run(seed: number, hours: number, meanS: number, landing?: (step: number) => Landing[]): Blink[] {
  const b = new BlinkProcess(Random.fromSeed(seed).spawn('blink'), { meanIntervalS: meanS, partialAllowedAt: () => true });
  const out: Blink[] = [];
  const none: Landing[] = [];
  const n = Math.round(hours * 3600 * 240);
  for (let i = 1; i <= n; i++) {
    b.step(i * STEP_MS, landing ? landing(i) : none);
    for (const e of b.drainEvents()) if (e.kind === 'blink') out.push(e);
  }
  return out;
}

function meanIntervalS(blinks: Blink[]): number {
  const onsets = blinks.filter((b) => !b.doubleSecond).map((b) => b.startMs).sort((a, b) => a - b);
  return (onsets[onsets.length - 1] - onsets[0]) / (onsets.length - 1) / 1000;
}

describe('blink shape', () => {
  it('closes in 70 ms, holds 40 ms, opens nine tenths in 190 ms, creeps the last tenth over 0.4 s', () => {
    const depth = 0.8;
    expect(blinkClosure(0, depth)).toBe(0);
    expect(blinkClosure(BLINK_CLOSE_MS, depth)).toBeCloseTo(depth, 12);
    expect(blinkClosure(BLINK_CLOSE_MS - 5, depth)).toBeLessThan(depth);
    expect(blinkClosure(BLINK_CLOSE_MS + BLINK_HOLD_MS - 1e-9, depth)).toBeCloseTo(depth, 12);
    const main = BLINK_CLOSE_MS + BLINK_HOLD_MS + BLINK_OPEN_MS;
    expect(blinkClosure(main, depth)).toBeCloseTo(0.1 * depth, 12);
    expect(blinkClosure(main - 10, depth)).toBeGreaterThan(0.1 * depth);
    expect(blinkClosure(main + BLINK_CREEP_MS / 2, depth)).toBeCloseTo(0.05 * depth, 12);
    expect(blinkClosure(main + BLINK_CREEP_MS - 1e-6, depth)).toBeLessThan(1e-9);
    expect(blinkClosure(main + BLINK_CREEP_MS, depth)).toBe(0);
    // Snaps shut, opens slowly: the closing is the fastest phase.
    let maxClose = 0;
    let maxOpen = 0;
    for (let t = 0; t < main + BLINK_CREEP_MS; t += 0.5) {
      const v = (blinkClosure(t + 0.5, 1) - blinkClosure(t, 1)) / 0.5;
      maxClose = Math.max(maxClose, v);
      maxOpen = Math.max(maxOpen, -v);
    }
    expect(maxClose / maxOpen).toBeGreaterThan(2.4);
  });

  it('a sampled blink shows the phase durations to a step', () => {
    const [b] = run(7, 0.01, 2).filter((e) => !e.partial);
    const proc = new BlinkProcess(Random.fromSeed(7).spawn('blink'), { meanIntervalS: 2, partialAllowedAt: () => true });
    const c: number[] = [];
    for (let i = 1; i * STEP_MS < b.endMs + 50; i++) {
      proc.step(i * STEP_MS, []);
      c.push(proc.closure);
    }
    const from = c.findIndex((x) => x > 0);
    const shutFrom = c.findIndex((x) => x >= 0.999999);
    const shutTo = c.length - 1 - [...c].reverse().findIndex((x) => x >= 0.999999);
    const tenth = c.findIndex((x, i) => i > shutTo && x <= 0.1 + 1e-9);
    const open = c.findIndex((x, i) => i > shutTo && x === 0);
    const ms = (steps: number): number => steps * STEP_MS;
    expect(Math.abs(ms(shutFrom - from + 1) - 70)).toBeLessThanOrEqual(STEP_MS);
    expect(Math.abs(ms(shutTo - shutFrom + 1) - 40)).toBeLessThanOrEqual(STEP_MS);
    expect(Math.abs(ms(tenth - shutTo) - 190)).toBeLessThanOrEqual(STEP_MS);
    expect(Math.abs(ms(open - tenth) - 400)).toBeLessThanOrEqual(STEP_MS);
  });
});

describe('blink process over long runs', () => {
  const seeds = [1, 2, 3, 4];
  const runs = seeds.map((s) => run(s, 1, 4.5));
  const all = runs.flat();
  const firsts = all.filter((b) => !b.doubleSecond);

  it('15 ± 3 % of natural blinks are partial, at 0.5–0.9 closure', () => {
    const partial = firsts.filter((b) => b.partial);
    const share = partial.length / firsts.length;
    console.log(`partial share ${(share * 100).toFixed(1)} % of ${firsts.length} blinks`);
    expect(Math.abs(share - 0.15)).toBeLessThan(0.03);
    for (const b of partial) expect(b.depth).toBeGreaterThanOrEqual(0.5), expect(b.depth).toBeLessThanOrEqual(0.9);
    for (const b of all.filter((x) => !x.partial)) expect(b.depth).toBe(1);
  });

  it('18 ± 3 % are doubles, whose second blink is whole and follows 320–450 ms later', () => {
    const seconds = all.filter((b) => b.doubleSecond);
    const share = seconds.length / firsts.length;
    console.log(`double share ${(share * 100).toFixed(1)} %`);
    expect(Math.abs(share - 0.18)).toBeLessThan(0.03);
    for (const blinks of runs) {
      const onsets = blinks.filter((b) => !b.doubleSecond).map((b) => b.startMs);
      for (const s of blinks.filter((b) => b.doubleSecond)) {
        expect(s.partial).toBe(false);
        expect(s.depth).toBe(1);
        const firstOf = onsets.filter((o) => s.startMs - o >= 320 - STEP_MS && s.startMs - o <= 450 + STEP_MS);
        expect(firstOf.length).toBe(1);
      }
    }
  });

  it('the mean interval between first-blink onsets is the configured mean (the clamp compensated)', () => {
    for (const meanS of [3.8, 6]) {
      // Per seed (each run one long sequence), then pooled.
      const per = seeds.map((s) => meanIntervalS(run(s + 10, 1.5, meanS)));
      const pooled = per.reduce((a, b) => a + b, 0) / per.length;
      console.log(`configured ${meanS} s: measured ${pooled.toFixed(2)} s (per 1.5 h seed ${per.map((x) => x.toFixed(2)).join(', ')})`);
      expect(Math.abs(pooled - meanS)).toBeLessThan(0.06 * meanS);
    }
  });

  it('intervals are clamped to 0.8–12 s', () => {
    for (const blinks of runs) {
      const onsets = blinks.filter((b) => !b.doubleSecond).map((b) => b.startMs).sort((a, b) => a - b);
      for (let i = 1; i < onsets.length; i++) {
        const gap = onsets[i] - onsets[i - 1];
        expect(gap).toBeGreaterThanOrEqual(800 - STEP_MS);
        expect(gap).toBeLessThanOrEqual(12_000 + 450 + 300 + STEP_MS); // a deferral behind a double at most
      }
    }
  });
});

describe('gaze-evoked blinks', () => {
  it('p = smoothstep(12°, 35°, A) · 0.7 on a saccade landing, never for microsaccades', () => {
    expect(evokedBlinkProbability(10)).toBe(0);
    expect(evokedBlinkProbability(35)).toBeCloseTo(0.7, 12);
    expect(evokedBlinkProbability(23.5)).toBeCloseTo(0.35, 12);
    for (const amplitudeDeg of [20, 30]) {
      // Landings every 1.5 s, and natural blinks rare, so nearly every landing finds the lids free.
      const b = new BlinkProcess(Random.fromSeed(5).spawn('blink'), { meanIntervalS: 60, partialAllowedAt: () => true });
      let eligible = 0;
      let evoked = 0;
      const landing: Landing[] = [{ amplitudeDeg, micro: false, corrective: false }];
      const micro: Landing[] = [{ amplitudeDeg: 40, micro: true, corrective: false }];
      for (let i = 1; i <= 240 * 3600 * 2; i++) {
        const t = i * STEP_MS;
        const lands = i % 360 === 0;
        if (lands && b.canStartFirst(t)) eligible++;
        b.step(t, lands ? landing : i % 360 === 180 ? micro : []);
        for (const e of b.drainEvents()) if (e.kind === 'blink' && e.evoked) evoked++;
      }
      const p = evoked / eligible;
      const want = evokedBlinkProbability(amplitudeDeg);
      console.log(`evoked at ${amplitudeDeg}°: ${p.toFixed(3)} (want ${want.toFixed(3)}, ${eligible} landings)`);
      expect(Math.abs(p - want)).toBeLessThan(0.03);
    }
  });
});

describe('blinks and the face', () => {
  it('a held process starts no blink (natural or evoked), then blinks once released; an asked blink is whole', () => {
    const b = new BlinkProcess(Random.fromSeed(3).spawn('blink'), { meanIntervalS: 2, partialAllowedAt: () => true });
    const big: Landing[] = [{ amplitudeDeg: 40, micro: false, corrective: false }];
    b.held = true;
    for (let i = 0; i < 240 * 20; i++) b.step((i * 1000) / 240, i % 240 === 0 ? big : []);
    expect(b.drainEvents()).toHaveLength(0);
    b.held = false;
    b.ask();
    const t0 = (240 * 20 * 1000) / 240;
    for (let i = 0; i < 10; i++) b.step(t0 + (i * 1000) / 240, []);
    expect(b.closure).toBeGreaterThan(0);
    for (let i = 10; i < 240; i++) b.step(t0 + (i * 1000) / 240, []);
    const first = b.drainEvents()[0] as Extract<TruthEvent, { kind: 'blink' }>;
    expect(first.startMs).toBe(t0);
    expect(first.depth).toBe(1);
  });
});

