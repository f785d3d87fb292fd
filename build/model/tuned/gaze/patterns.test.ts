import { describe, expect, it } from 'vitest';
import { pitchDegFromRigY } from '../../anatomy/gaze-pitch.ts';
import { ERA_GAZE, type ScatterPattern, type TwoTargetPattern } from '../../eras/era-gaze.ts';
import type { TruthEvent } from '../../types.ts';
import { isSaccadeEvent } from '../../../testing/gaze-stats.ts';
import { gazeScene, runGaze } from '../../../testing/run-gaze.ts';
import { SCROLL_STILL_SHARE } from './patterns/scroll.ts';

const MIN10 = 600;
const count = (events: TruthEvent[], re: RegExp): number => events.filter((e) => isSaccadeEvent(e) && re.test(e.cause)).length;

/** Positions after each step, and the step index each saccade landed on. */
function record(era: Parameters<typeof gazeScene>[0], over: Parameters<typeof gazeScene>[1], s: number) {
  const x: number[] = [];
  const y: number[] = [];
  const events = runGaze(gazeScene(era, over), s, (g) => {
    x.push(g.state().yawDeg);
    y.push(g.state().pitchDeg);
  });
  const landingIndex = (e: TruthEvent): number => Math.ceil((e.endMs * 240) / 1000) - 1;
  return { x, y, events, landingIndex };
}

describe('reading (1970, 1991)', () => {
  it('12 % of within-line saccades are regressions (± 2 %), 3 seeds × 10 min each', () => {
    for (const era of ['1970', '1991'] as const) {
      let reg = 0;
      let fwd = 0;
      for (const seed of [1, 2, 3]) {
        const ev = runGaze(gazeScene(era, { seed }), MIN10);
        reg += count(ev, /^read-regression$/);
        fwd += count(ev, /^read-forward$/);
      }
      console.log(`${era}: ${reg} regressions of ${reg + fwd} within-line saccades = ${((100 * reg) / (reg + fwd)).toFixed(1)} %`);
      expect(Math.abs(reg / (reg + fwd) - 0.12)).toBeLessThanOrEqual(0.02);
    }
  });

  it('forward steps are 1.6–3°; a return sweep ends every line; 1970 starts a new block after 5 lines, 1991 turns the page after 7', () => {
    const r70 = record('1970', { seed: 2 }, 300);
    for (const e of r70.events) {
      if (isSaccadeEvent(e) && e.cause === 'read-forward') {
        expect(e.amplitudeDeg).toBeGreaterThan(1.6 - 0.5); // the line's end can cut a step short
        expect(e.amplitudeDeg).toBeLessThan(3 + 0.5); // ± drift
      }
    }
    // The eye starts on a random line, so the first block is partial; every whole one has lines − 1 sweeps.
    const sweepsPerBlock = (events: TruthEvent[], end: string): number[] => {
      const out: number[] = [];
      let n = -1;
      for (const e of events) {
        if (!isSaccadeEvent(e)) continue;
        if (e.cause === end) {
          if (n >= 0) out.push(n);
          n = 0;
        } else if (e.cause === 'read-return-sweep' && n >= 0) n++;
      }
      return out;
    };
    const blocks70 = sweepsPerBlock(r70.events, 'read-next-block');
    expect(blocks70.length).toBeGreaterThan(5);
    for (const n of blocks70) expect(n).toBe(4);
    const pages91 = sweepsPerBlock(runGaze(gazeScene('1991', { seed: 2 }), 300), 'read-page-turn');
    expect(pages91.length).toBeGreaterThan(3);
    for (const n of pages91) expect(n).toBe(6);
  });
});

describe('scatter (1981, 1995)', () => {
  for (const era of ['1981', '1995'] as const) {
    for (const calm of [false, true]) {
      it(`${era}${calm ? ' calm' : ''}: every hop lands in the spread box; the eye never strays more than drift beyond it`, () => {
        const cfg = ERA_GAZE[era];
        const p = cfg.pattern as ScatterPattern;
        const k = calm ? 0.6 : 1;
        const box = {
          minX: 10 * (cfg.rest.x - k * p.spreadUnits.x),
          maxX: 10 * (cfg.rest.x + k * p.spreadUnits.x),
          minY: pitchDegFromRigY(cfg.rest.y - k * p.spreadUnits.y),
          maxY: pitchDegFromRigY(cfg.rest.y + k * p.spreadUnits.y),
        };
        const r = record(era, { seed: 4, calm }, MIN10);
        let hops = 0;
        let ampSum = 0;
        let outside = 0;
        for (const e of r.events) {
          if (!isSaccadeEvent(e) || !(e.cause === 'scatter' || e.corrective)) continue;
          const i = r.landingIndex(e);
          if (e.cause === 'scatter') {
            hops++;
            ampSum += e.amplitudeDeg;
          }
          if (e.corrective || e.amplitudeDeg <= 8 * k) {
            const out = Math.max(box.minX - r.x[i], r.x[i] - box.maxX, box.minY - r.y[i], r.y[i] - box.maxY);
            if (out > 1e-9) outside++;
          }
        }
        expect(outside).toBe(0);
        let stray = 0;
        for (let i = 0; i < r.x.length; i++) {
          const out = Math.max(box.minX - r.x[i], r.x[i] - box.maxX, box.minY - r.y[i], r.y[i] - box.maxY);
          if (out > stray) stray = out;
        }
        expect(stray).toBeLessThan(0.8);
        // The table's amplitude is the hop's mean (a reflection folds some short); × 0.6 when calm.
        const mean = ampSum / hops;
        expect(mean).toBeGreaterThan(0.75 * k * p.amplitudeDeg);
        expect(mean).toBeLessThan(1.1 * k * p.amplitudeDeg);
      });
    }
  }
});

describe('two-target (1997, 2013)', () => {
  it('dwells on a and b for the table times (± 15 %), leaving only at a fixation end', () => {
    for (const era of ['1997', '2013'] as const) {
      const p = ERA_GAZE[era].pattern as TwoTargetPattern;
      const dwell = { a: [] as number[], b: [] as number[] };
      let arrived: { on: 'a' | 'b'; t: number } | null = null;
      for (const seed of [1, 2, 3]) {
        arrived = null;
        for (const e of runGaze(gazeScene(era, { seed }), MIN10)) {
          if (!isSaccadeEvent(e)) continue;
          if (e.cause === 'two-target-a' || e.cause === 'two-target-b') {
            if (arrived) dwell[arrived.on].push(e.startMs - arrived.t);
            arrived = { on: e.cause === 'two-target-a' ? 'a' : 'b', t: e.endMs };
          }
        }
      }
      const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
      expect(Math.abs(mean(dwell.a) / p.aDwellMs - 1)).toBeLessThan(0.15);
      expect(Math.abs(mean(dwell.b) / p.bDwellMs - 1)).toBeLessThan(0.15);
    }
  });
});

describe('lock, idle, scroll, contact', () => {
  it('2000 locks: no saccade at all, the eye within 0.6° of the search box', () => {
    const r = record('2000', { seed: 1 }, 120);
    const restPitch = pitchDegFromRigY(-0.4);
    expect(r.events.filter((e) => e.kind === 'saccade').length).toBe(0);
    let far = 0;
    for (let i = 0; i < r.x.length; i++) far = Math.max(far, Math.hypot(r.x[i], r.y[i] - restPitch));
    expect(far).toBeLessThan(0.6);
  });

  it('2009 scrolls: the content carries the eye up at 1.6°/s in the last 40 % of each fixation, then a saccade back down', () => {
    const r = record('2009', { seed: 2 }, 300);
    const sacc = r.events.filter(isSaccadeEvent).filter((e) => !e.cause.startsWith('micro'));
    let rise = 0;
    let carriedS = 0;
    for (let k = 1; k < sacc.length; k++) {
      const i0 = r.landingIndex(sacc[k - 1]);
      const i1 = Math.floor((sacc[k].startMs * 240) / 1000) - 1;
      rise += r.y[i1] - r.y[i0];
      carriedS += ((1 - SCROLL_STILL_SHARE) * (sacc[k].startMs - sacc[k - 1].endMs)) / 1000;
      expect(sacc[k].cause).toBe('scroll-back');
    }
    expect(Math.abs(rise / carriedS - 1.6)).toBeLessThan(0.1);
  });

  it('2003 idles in a small box just under the lens; 2026 keeps eye contact (within 4° of the visitor)', () => {
    const idle = record('2003', { seed: 3 }, 300);
    const rest = pitchDegFromRigY(-0.28);
    let farX = 0;
    let farY = 0;
    for (let i = 0; i < idle.x.length; i++) {
      farX = Math.max(farX, Math.abs(idle.x[i]));
      farY = Math.max(farY, Math.abs(idle.y[i] - rest));
    }
    expect(farX).toBeLessThan(1.5 + 0.8);
    expect(farY).toBeLessThan(1.3 + 0.8);
    const contact = record('2026', { seed: 3 }, 300);
    let far = 0;
    for (let i = 0; i < contact.x.length; i++) far = Math.max(far, Math.hypot(contact.x[i], contact.y[i]));
    expect(far).toBeLessThan(4);
  });
});

describe('eye.md §3: 1970 reads below the rest line; 1995 crosses its wide page', () => {
  it('1970: the median pitch is below 0° over 10 min and in every 20-s window (3 seeds)', () => {
    const perWindow = 20 * 240;
    for (const seed of [1, 2, 3]) {
      const r = record('1970', { seed }, MIN10);
      const med = (v: number[]): number => v.slice().sort((a, b) => a - b)[v.length >> 1];
      expect(med(r.y)).toBeLessThan(0);
      for (let w = 0; (w + 1) * perWindow <= r.y.length; w++) expect(med(r.y.slice(w * perWindow, (w + 1) * perWindow))).toBeLessThan(0);
    }
  });

  it('1995: one jump in six (± 2 %) is a cross-page jump of 12–20°; 1981 makes none', () => {
    const p = ERA_GAZE['1995'].pattern as ScatterPattern;
    const cross = p.cross!;
    let jumps = 0;
    let crosses = 0;
    let big = 0;
    for (const seed of [1, 2, 3]) {
      for (const e of runGaze(gazeScene('1995', { seed }), MIN10)) {
        if (!isSaccadeEvent(e) || e.corrective || e.cause.startsWith('micro')) continue;
        jumps++;
        if (e.cause !== 'scatter-cross') continue;
        crosses++;
        // The jump as made (the primary, landing at 90–94 % of its goal) is the table's 12–20°, ± drift.
        expect(e.amplitudeDeg).toBeGreaterThan(cross.minDeg - 0.3);
        expect(e.amplitudeDeg).toBeLessThan(cross.maxDeg + 0.3);
        if (e.amplitudeDeg >= 12) big++;
      }
    }
    console.log(`1995: ${crosses} cross-page jumps of ${jumps} (${((100 * crosses) / jumps).toFixed(1)} %), ${big} primaries ≥ 12°`);
    expect(Math.abs(crosses / jumps - cross.share)).toBeLessThan(0.02);
    expect(big).toBeGreaterThan(0.95 * crosses);
    expect(count(runGaze(gazeScene('1981', { seed: 1 }), MIN10), /cross/)).toBe(0);
  });
});
