import { describe, expect, it } from 'vitest';
import { isSaccadeEvent } from '../../../testing/gaze-stats.ts';
import { MICRO_CLEAR_MIN_MS } from './microsaccades.ts';
import { gazeScene, runGaze } from '../../../testing/run-gaze.ts';

const MIN10 = 600;

describe('microsaccades (eye.md §1)', () => {
  it('run at 0.45 ± 0.05/s where nothing else moves (2000 lock, its 0.5/s capped), 3 seeds × 10 min', () => {
    for (const seed of [1, 2, 3]) {
      const micro = runGaze(gazeScene('2000', { seed }), MIN10).filter((e) => e.kind === 'microsaccade').length;
      const rate = micro / MIN10;
      console.log(`2000 seed ${seed}: ${rate.toFixed(3)} microsaccades/s`);
      expect(Math.abs(rate - 0.45)).toBeLessThanOrEqual(0.05);
      expect(rate).toBeLessThan(0.5);
    }
  });

  it('stay under 0.6° (0.5° max; × 0.45 when calm) and are aimed back once drift passes 0.15°', () => {
    for (const calm of [false, true]) {
      const events = runGaze(gazeScene('2000', { seed: 5, calm }), MIN10);
      let back = 0;
      let all = 0;
      for (const e of events) {
        if (!isSaccadeEvent(e) || !e.cause.startsWith('micro')) continue;
        all++;
        if (e.cause === 'micro-return') back++;
        expect(e.kind).toBe('microsaccade');
        expect(e.amplitudeDeg).toBeLessThanOrEqual(0.5 * (calm ? 0.45 : 1) + 1e-12);
      }
      expect(back / all).toBeGreaterThan(0.08);
    }
  });

  it("only a real saccade's landing clears the next 0.4–0.8 s; a microsaccade's own does not", () => {
    const events = runGaze(gazeScene('1995', { seed: 6 }), MIN10);
    let lastRealEnd = -Infinity;
    let checked = 0;
    for (const e of events) {
      if (!isSaccadeEvent(e)) continue;
      if (e.cause.startsWith('micro')) {
        expect(e.startMs - lastRealEnd).toBeGreaterThanOrEqual(MICRO_CLEAR_MIN_MS);
        checked++;
      } else {
        lastRealEnd = e.endMs;
      }
    }
    // ~48 in 10 min of 1995 (its cross-page jumps and their correctives leave fewer quiet fixations).
    expect(checked).toBeGreaterThan(40);
    // In the lock nothing but microsaccades lands: their intervals average 1/0.45 s. Were their own
    // landings to clear 0.4–0.8 s, the mean would grow by ~0.6 s (to ~2.8 s).
    const lock = runGaze(gazeScene('2000', { seed: 6 }), MIN10).filter(isSaccadeEvent);
    const meanIntervalS = (lock[lock.length - 1].startMs - lock[0].startMs) / 1000 / (lock.length - 1);
    expect(Math.abs(meanIntervalS * 0.45 - 1)).toBeLessThan(0.08);
  });

  it("drift's velocity stays far below a microsaccade's: 5-sample rms < 1/5 of the median micro peak", () => {
    const xs: number[] = [];
    const ys: number[] = [];
    const moving: boolean[] = [];
    const events = runGaze(gazeScene('2000', { seed: 8 }), 120, (g) => {
      const s = g.state();
      xs.push(s.yawDeg);
      ys.push(s.pitchDeg);
      moving.push(s.inSaccade);
    });
    let sum = 0;
    let n = 0;
    for (let i = 3; i < xs.length - 3; i++) {
      if (moving.slice(i - 3, i + 4).some(Boolean)) continue;
      // Engbert & Kliegl's 5-sample velocity.
      const vx = ((xs[i + 2] + xs[i + 1] - xs[i - 1] - xs[i - 2]) * 240) / 6;
      const vy = ((ys[i + 2] + ys[i + 1] - ys[i - 1] - ys[i - 2]) * 240) / 6;
      sum += vx * vx + vy * vy;
      n++;
    }
    const driftRms = Math.sqrt(sum / n);
    const peaks = events
      .filter(isSaccadeEvent)
      .map((e) => (1.875 * e.amplitudeDeg) / ((e.endMs - e.startMs) / 1000))
      .sort((a, b) => a - b);
    const medianPeak = peaks[peaks.length >> 1];
    expect(driftRms).toBeLessThan(medianPeak / 5);
    expect(driftRms).toBeLessThan(2);
  });
});
