import { describe, expect, it } from 'vitest';
import type { TruthEvent } from '../../types.ts';
import { isSaccadeEvent } from '../../../testing/gaze-stats.ts';
import { gazeScene, runGaze } from '../../../testing/run-gaze.ts';

type Sacc = Extract<TruthEvent, { kind: 'saccade' | 'microsaccade' }>;

/** Each corrective with the primary it corrects (the last real saccade before it). */
function pairs(events: TruthEvent[]): { primary: Sacc; corrective: Sacc }[] {
  const out: { primary: Sacc; corrective: Sacc }[] = [];
  let last: Sacc | null = null;
  for (const e of events) {
    if (!isSaccadeEvent(e) || e.cause.startsWith('micro')) continue;
    if (e.corrective && last) out.push({ primary: last, corrective: e });
    last = e;
  }
  return out;
}

describe('undershoot and correction (eye.md §1)', () => {
  // Sampled positions: the corrective lands exactly on the intended goal, so the primary's gain is
  // its amplitude over the distance from where it started to where the corrective ends.
  const xs: number[] = [];
  const ys: number[] = [];
  const events: TruthEvent[] = [];
  const found: { primary: Sacc; corrective: Sacc; gain: number }[] = [];
  for (const seed of [1, 2, 3]) {
    for (const era of ['1995', '1997'] as const) {
      xs.length = 0;
      ys.length = 0;
      const ev = runGaze(gazeScene(era, { seed }), 300, (g) => {
        xs.push(g.state().yawDeg);
        ys.push(g.state().pitchDeg);
      });
      // Sample j is the state at step j + 1, time (j + 1) / 240 s.
      const at = (tMs: number, after: boolean): number => (after ? Math.ceil((tMs * 240) / 1000) : Math.floor((tMs * 240) / 1000)) - 1;
      for (const { primary, corrective } of pairs(ev)) {
        const i0 = at(primary.startMs, false);
        const i1 = at(corrective.endMs, true);
        const goal = Math.hypot(xs[i1] - xs[i0], ys[i1] - ys[i0]);
        found.push({ primary, corrective, gain: primary.amplitudeDeg / goal });
      }
      events.push(...ev);
    }
  }

  it('saccades above 8° land at 90–94 % of the jump and are corrected 110–170 ms later', () => {
    expect(found.length).toBeGreaterThan(200);
    let gainSum = 0;
    for (const { primary, corrective, gain } of found) {
      expect(primary.amplitudeDeg).toBeGreaterThan(8 * 0.9);
      // ± one step of drift at the primary's start (~0.005°).
      expect(gain).toBeGreaterThan(0.9 - 0.002);
      expect(gain).toBeLessThan(0.94 + 0.002);
      gainSum += gain;
      const latency = corrective.startMs - primary.endMs;
      expect(latency).toBeGreaterThanOrEqual(110);
      expect(latency).toBeLessThanOrEqual(170);
    }
    const lat = found.map(({ primary, corrective }) => corrective.startMs - primary.endMs);
    const gains = found.map((f) => f.gain);
    console.log(
      `${found.length} corrected saccades: landing gain ${Math.min(...gains).toFixed(3)}–${Math.max(...gains).toFixed(3)} (mean ${(gainSum / found.length).toFixed(3)}), ` +
        `latency ${Math.min(...lat).toFixed(1)}–${Math.max(...lat).toFixed(1)} ms`,
    );
    expect(gainSum / found.length).toBeCloseTo(0.92, 2);
  });

  it('no saccade up to 8° (other than a line start) undershoots', () => {
    let small = 0;
    let last: Sacc | null = null;
    for (const e of events) {
      if (!isSaccadeEvent(e) || e.cause.startsWith('micro')) continue;
      if (!e.corrective && last && !last.corrective && last.amplitudeDeg <= 8) small++;
      if (e.corrective) expect(last && last.amplitudeDeg > 7.2).toBe(true);
      last = e;
    }
    expect(small).toBeGreaterThan(1000);
  });

  it('reading: every line start undershoots and is corrected, and no jump is under 0.05°', () => {
    const read = runGaze(gazeScene('1970', { seed: 4 }), 300);
    const sweeps = read.filter((e) => isSaccadeEvent(e) && /return-sweep|next-block|page-turn/.test(e.cause)).length;
    const corr = pairs(read);
    expect(sweeps).toBeGreaterThan(30);
    expect(corr.length).toBe(sweeps);
    for (const e of read) if (isSaccadeEvent(e)) expect(e.amplitudeDeg).toBeGreaterThanOrEqual(0.05);
  });
});
