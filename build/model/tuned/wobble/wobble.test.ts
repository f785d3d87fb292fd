import { describe, expect, it } from 'vitest';
import { parseScene } from '../../../scene/parse.ts';
import type { Scene } from '../../../scene/scene.ts';
import { Player } from '../../player.ts';
import { stepsAtFrame } from '../../time/clock.ts';
import { scriptedGaze } from '../../../testing/scripted-gaze.ts';
import { createTunedEye } from '../tuned-eye.ts';
import { WOBBLE_LIMIT_MM } from './wobble.ts';

const FPS = [15, 30, 60, 120] as const;
const scene = (fields: Record<string, unknown>): Scene => parseScene({ durationS: 120, ...fields }, 'test', 'test');

/** Read the wobble once a frame; return its largest length and the longest run of frames at the limit. */
function readFrames(offsets: (frame: number) => { wobbleXMm: number; wobbleYMm: number }, frames: number) {
  let max = 0;
  let atLimitRun = 0;
  let longestRun = 0;
  let signFlips = 0;
  let lastX = 0;
  for (let f = 0; f <= frames; f++) {
    const s = offsets(f);
    const r = Math.hypot(s.wobbleXMm, s.wobbleYMm);
    max = Math.max(max, r);
    atLimitRun = r > 0.98 * WOBBLE_LIMIT_MM ? atLimitRun + 1 : 0;
    longestRun = Math.max(longestRun, atLimitRun);
    if (Math.abs(s.wobbleXMm) > 0.1 && Math.abs(lastX) > 0.1 && Math.sign(s.wobbleXMm) !== Math.sign(lastX)) signFlips++;
    lastX = s.wobbleXMm;
  }
  return { max, longestRun, signFlips };
}

describe('iris wobble', () => {
  it('≤ 0.15 mm and never parked at the clamp at 15, 30, 60 and 120 fps (big saccades, read every frame)', () => {
    for (const fps of FPS) {
      const s = scene({ era: '1995', fps });
      // 5–40° saccades every 0.5 s, the hardest kicks the eye gets.
      const eye = createTunedEye(s, { createGaze: () => scriptedGaze('1995', [5, 12, 25, 40, 2, 30], 500) });
      let steps = 0;
      const r = readFrames((f) => {
        const target = stepsAtFrame(f, fps);
        while (steps < target) eye.step(), steps++;
        return eye.sample();
      }, 60 * fps);
      console.log(`wobble at ${fps} fps (scripted 2–40° saccades): max ${r.max.toFixed(4)} mm, longest run near the limit ${r.longestRun} frames`);
      expect(r.max).toBeLessThan(WOBBLE_LIMIT_MM);
      expect(r.max).toBeGreaterThan(0.03);
      expect(r.longestRun).toBe(0);
      expect(r.signFlips).toBe(0);
    }
  });

  it('the same through Player.goToFrame on the real gaze (1995 script, 2 min)', () => {
    for (const fps of FPS) {
      const p = new Player(scene({ era: '1995', fps, seed: 3 }));
      const r = readFrames((f) => p.goToFrame(f), 120 * fps);
      console.log(`wobble at ${fps} fps (1995 script): max ${r.max.toFixed(4)} mm`);
      expect(r.max).toBeLessThan(WOBBLE_LIMIT_MM);
      expect(r.longestRun).toBe(0);
    }
  });

  it('is the same signal whatever the frame rate (it is stepped at 240 Hz)', () => {
    const at = (fps: number) => {
      const p = new Player(scene({ era: '1995', fps, seed: 8 }));
      return p.goToFrame(10 * fps).wobbleXMm;
    };
    expect(at(15)).toBe(at(120));
  });

  it('calm scales the kick by 0.45 (small saccades, where the soft limit is linear)', () => {
    const peak = (calm: boolean) => {
      const eye = createTunedEye(scene({ era: '1995', calm }), { createGaze: () => scriptedGaze('1995', [1], 500) });
      let max = 0;
      for (let i = 0; i < 240 * 3; i++) eye.step(), (max = Math.max(max, Math.abs(eye.sample().wobbleXMm)));
      return max;
    };
    expect(peak(true) / peak(false)).toBeCloseTo(0.45, 2);
  });
});
