import { describe, expect, it } from 'vitest';
import { parseScene } from '../../../scene/parse.ts';
import { stepsAtFrame } from '../../time/clock.ts';
import { scriptedGaze } from '../../../testing/scripted-gaze.ts';
import { createTunedEye } from '../tuned-eye.ts';
import { Brow, BROW_WAIT_MS, browTargetMm } from './brow.ts';

const STEP_MS = 1000 / 240;

describe('brow', () => {
  it('reads the raw rig gaze: up lifts it, down lowers it a little; 2013 lifts more only at the lens', () => {
    expect(browTargetMm(0, 0.5, '1995')).toBeGreaterThan(1);
    expect(browTargetMm(0, -0.5, '1995')).toBeLessThan(0);
    expect(browTargetMm(0, -0.5, '1995')).toBeGreaterThan(-0.5);
    expect(browTargetMm(0, 0.45, '2013') - browTargetMm(0, 0.45, '1995')).toBeCloseTo(1.2, 9);
    expect(browTargetMm(0.04, 0.25, '2013')).toBe(browTargetMm(0.04, 0.25, '1995'));
  });

  it('reports its node lifts (head → tail, mean = liftMm) while it moves, and none once settled', () => {
    const b = new Brow(0, STEP_MS);
    expect(b.nodeLiftsMm()).toBeUndefined();
    for (let i = 0; i < 60; i++) b.step(2, false);
    const nodes = b.nodeLiftsMm();
    expect(nodes).toHaveLength(5);
    expect(nodes![0]).toBeGreaterThan(nodes![4]);
    expect(nodes!.reduce((a, x) => a + x, 0) / 5).toBeCloseTo(b.liftMm, 12);
    for (let i = 0; i < 240 * 10; i++) b.step(2, false);
    expect(b.nodeLiftsMm()).toBeUndefined();
    expect(b.liftMm).toBe(2);
  });

  it('waits out a saccade (~120 ms after landing), then the head leads the tail', () => {
    const b = new Brow(0, STEP_MS);
    for (let i = 0; i < 24; i++) b.step(2, true); // 100 ms of saccade
    expect(b.liftMm).toBe(0);
    let step = 0;
    while (b.liftMm === 0) b.step(2, false), step++;
    expect(Math.abs(step * STEP_MS - BROW_WAIT_MS)).toBeLessThanOrEqual(STEP_MS);
    for (let i = 0; i < 24; i++) b.step(2, false);
    expect(b.nodes[0].x).toBeGreaterThan(b.nodes[4].x);
    let peak = 0;
    for (let i = 0; i < 480; i++) b.step(2, false), (peak = Math.max(peak, b.liftMm));
    expect(peak).toBeGreaterThan(2); // a little overshoot (ζ 0.68)
    expect(peak).toBeLessThan(2.2);
    expect(b.liftMm).toBeCloseTo(2, 3);
  });

  it('is stepped at 240 Hz: the same at 15 fps as at 120 fps, and never runs away', () => {
    const lift = (fps: number) => {
      const eye = createTunedEye(parseScene({ era: '2013', fps }, 't', 't'), { createGaze: () => scriptedGaze('2013', [8, 4], 700, true) });
      let steps = 0;
      let max = 0;
      let last = 0;
      for (let f = 0; f <= 20 * fps; f++) {
        const target = stepsAtFrame(f, fps);
        while (steps < target) eye.step(), steps++;
        last = eye.sample().browLiftMm;
        max = Math.max(max, Math.abs(last));
      }
      return { max, last };
    };
    const slow = lift(15);
    const fast = lift(120);
    expect(slow.last).toBe(fast.last);
    expect(slow.max).toBeLessThan(3);
  });
});
