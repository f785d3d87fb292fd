import { describe, expect, it } from 'vitest';
import { frameTimeMs, remainderAtFrame, stepsAtFrame } from './clock.ts';

describe('clock', () => {
  it('derives steps from the frame number without drift, at several frame rates', () => {
    for (const fps of [15, 24, 25, 30, 60, 120]) {
      const frame = fps * 3600; // one hour in
      expect(stepsAtFrame(frame, fps)).toBe(240 * 3600);
      expect(remainderAtFrame(frame, fps)).toBe(0);
      expect(frameTimeMs(frame, fps)).toBe(3_600_000);
    }
  });

  it('carries the remainder at frame rates that do not divide 240', () => {
    // 25 fps: 9.6 steps a frame.
    expect(stepsAtFrame(1, 25)).toBe(9);
    expect(remainderAtFrame(1, 25)).toBeCloseTo(0.6, 12);
    expect(stepsAtFrame(5, 25)).toBe(48);
    expect(remainderAtFrame(5, 25)).toBe(0);
  });
});
