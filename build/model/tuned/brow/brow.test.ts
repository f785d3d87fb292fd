import { describe, expect, it } from 'vitest';
import { parseScene } from '../../../scene/parse.ts';
import { stepsAtFrame } from '../../time/clock.ts';
import { scriptedGaze } from '../../../testing/scripted-gaze.ts';
import { createTunedEye } from '../tuned-eye.ts';
import { Brow, BROW_WAIT_MS, NODE_STAGGER_STEPS } from './brow.ts';
import { BROW_NODES, gazeBrowShapeMm } from './brow-shape.ts';

const STEP_MS = 1000 / 240;
const shape = (x: number, y: number) => Array.from(gazeBrowShapeMm(x, y, new Float64Array(BROW_NODES)));
const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
const flat = (v: number) => new Array<number>(BROW_NODES).fill(v);
const ZERO = flat(0);

describe('brow shape', () => {
  it('takes the shape of the gaze direction: up-nose the head leads, up-temple the tail, down-temple the tail falls most', () => {
    const upNose = shape(0.6, 0.5);
    expect(upNose[0]).toBeGreaterThan(upNose[4]);
    const upTemple = shape(-0.6, 0.5);
    expect(upTemple[4]).toBeGreaterThan(upTemple[0]);
    const downTemple = shape(-0.6, -0.5);
    expect(Math.min(...downTemple)).toBe(downTemple[4]);
    expect(downTemple[4]).toBeLessThan(downTemple[0]);
    // Straight up or down is level, and every shape keeps the plain lift as its mean.
    expect(new Set(shape(0, 0.5)).size).toBe(1);
    expect(mean(upNose)).toBeCloseTo(1.1, 12);
    expect(mean(downTemple)).toBeCloseTo(-0.3, 12);
  });
});

describe('brow chain', () => {
  it('waits out a saccade (~120 ms after landing), then the new shape travels head to tail', () => {
    const b = new Brow(ZERO, STEP_MS);
    const want = flat(2);
    for (let i = 0; i < 24; i++) b.step(want, ZERO, true); // 100 ms of saccade
    expect(b.liftMm).toBe(0);
    const onsets = new Array<number>(BROW_NODES).fill(-1);
    for (let step = 1; step < 240; step++) {
      b.step(want, ZERO, false);
      b.nodes.forEach((n, i) => {
        if (onsets[i] < 0 && n.x !== 0) onsets[i] = step * STEP_MS;
      });
    }
    expect(Math.abs(onsets[0] - BROW_WAIT_MS)).toBeLessThanOrEqual(STEP_MS);
    for (let i = 1; i < BROW_NODES; i++) expect(onsets[i] - onsets[i - 1]).toBeCloseTo(NODE_STAGGER_STEPS * STEP_MS, 9);
    let peak = 0;
    for (let i = 0; i < 480; i++) b.step(want, ZERO, false), (peak = Math.max(peak, b.liftMm));
    expect(peak).toBeGreaterThan(2); // a little overshoot (ζ 0.68)
    expect(peak).toBeLessThan(2.2);
  });

  it('muscles ride on top at once (no wait), still head to tail; a settled level chain reports no nodes', () => {
    const b = new Brow(ZERO, STEP_MS);
    expect(b.nodeLiftsMm()).toBeUndefined();
    b.step(ZERO, flat(1), false);
    expect(b.nodes[0].x).toBeGreaterThan(0);
    expect(b.nodes[1].x).toBe(0);
    for (let i = 0; i < 240 * 10; i++) b.step(ZERO, flat(1), false);
    expect(b.nodeLiftsMm()).toBeUndefined();
    expect(b.liftMm).toBe(1);
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
