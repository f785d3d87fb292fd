import { describe, expect, it } from 'vitest';
import { restSample } from '../model/anatomy/rest.ts';
import { simulate } from '../model/player.ts';
import type { EyeSample } from '../model/types.ts';
import { loadScene } from '../node/io/load-scene.ts';
import { withSettings } from '../scene/parse.ts';
import { frameMotion, GAZE_MOVING_DEG_PER_S, LIDS_MOVING_MM_PER_S } from './frame-motion.ts';

const FRAME_MS = 1000 / 60;
const at = (tMs: number, over: Partial<EyeSample> = {}): EyeSample => ({ ...restSample(), tMs, ...over });
/** The next display frame with each field moved at `perS` units a second. */
const moved = (perS: Partial<Record<keyof EyeSample, number>>): EyeSample => {
  const a = at(1000);
  const b = at(1000 + FRAME_MS);
  for (const [k, v] of Object.entries(perS)) (b as unknown as Record<string, number>)[k] = (a as unknown as Record<string, number>)[k] + (v * FRAME_MS) / 1000;
  return b;
};

describe('frameMotion: what counts as motion between two display frames', () => {
  const still = at(1000);
  it('a still eye is not moving; each kind of motion is named', () => {
    expect(frameMotion(still, at(1000 + FRAME_MS), false)).toBe(null);
    expect(frameMotion(still, at(1000 + FRAME_MS), true)).toBe('cut');
    expect(frameMotion(still, at(1000 + FRAME_MS, { blinkClosure: 0.001 }), false)).toBe('blink');
    expect(frameMotion(at(1000, { blinkClosure: 0.001 }), at(1000 + FRAME_MS), false)).toBe('blink');
    expect(frameMotion(still, moved({ yawDeg: GAZE_MOVING_DEG_PER_S * 1.05 }), false)).toBe('gaze');
    expect(frameMotion(still, moved({ yawDeg: GAZE_MOVING_DEG_PER_S * 0.95 }), false)).toBe(null);
    expect(frameMotion(still, moved({ pitchDeg: -GAZE_MOVING_DEG_PER_S * 1.05 }), false)).toBe('gaze');
    expect(frameMotion(still, moved({ apertureMm: LIDS_MOVING_MM_PER_S * 1.05 }), false)).toBe('lids');
    expect(frameMotion(still, moved({ apertureMm: LIDS_MOVING_MM_PER_S * 0.95 }), false)).toBe(null);
    expect(frameMotion(still, moved({ wobbleXMm: 0.6 }), false)).toBe('wobble');
    expect(frameMotion(still, moved({ browLiftMm: 0.6, browHeadMm: 0.6, browInnerMm: 0.6, browMidMm: 0.6, browOuterMm: 0.6, browTailMm: 0.6 }), false)).toBe('brow');
    // A shape tilting along the brow moves its ends while its mean holds still: that is motion too.
    expect(frameMotion(still, moved({ browHeadMm: 0.6, browTailMm: -0.6 }), false)).toBe('brow');
    expect(frameMotion(still, moved({ browHeadMm: 0.4, browTailMm: -0.4 }), false)).toBe(null);
    // The pupil's hippus never stops: it is not motion.
    expect(frameMotion(still, moved({ pupilMm: 0.2 }), false)).toBe(null);
  });

  // The thresholds' documented reasons, held to the model: 120 s with no pointer, frame by frame.
  it('drift alone stays under the gaze threshold; every microsaccade of 0.2° or more crosses it', () => {
    for (const name of ['2000-script', '2026-rest']) {
      const scene = withSettings(loadScene(name), { pointer: [{ tS: 0, xR: 0, yR: 0, kind: 'leave' }] });
      const trace = simulate(scene, 120);
      const { yawDeg, pitchDeg } = trace.columns;
      // Display frames are every 4th step (60 Hz); speed over one frame, deg/s.
      const frameSpeed = (i: number) => Math.hypot(yawDeg[i] - yawDeg[i - 4], pitchDeg[i] - pitchDeg[i - 4]) * 60;
      const busy = new Uint8Array(yawDeg.length); // inside a labelled event, ±50 ms
      for (const e of trace.events) {
        for (let i = Math.max(0, Math.floor((e.startMs - 50) * 0.24)); i <= Math.ceil((e.endMs + 50) * 0.24) && i < busy.length; i++) busy[i] = 1;
      }
      const drift: number[] = [];
      for (let i = 4; i < yawDeg.length; i += 4) if (!busy[i] && !busy[i - 4]) drift.push(frameSpeed(i));
      drift.sort((a, b) => a - b);
      expect(drift.length, name).toBeGreaterThan(3000);
      expect(drift[Math.floor(drift.length * 0.99)], `${name}: drift's 99th percentile over a frame, deg/s`).toBeLessThan(GAZE_MOVING_DEG_PER_S * 0.75);
      let micro = 0;
      for (const e of trace.events) {
        if (e.kind !== 'microsaccade' || e.amplitudeDeg < 0.2) continue;
        // The fastest display frame that overlaps the microsaccade.
        let peak = 0;
        for (let i = Math.floor((e.startMs * 0.24) / 4) * 4 + 4; i <= Math.ceil((e.endMs * 0.24) / 4) * 4 + 4; i += 4) peak = Math.max(peak, frameSpeed(i));
        expect(peak, `${name}: microsaccade of ${e.amplitudeDeg.toFixed(2)}° at ${e.startMs.toFixed(0)} ms, fastest frame deg/s`).toBeGreaterThan(GAZE_MOVING_DEG_PER_S);
        micro++;
      }
      expect(micro, name).toBeGreaterThan(5);
    }
  });
});
