import { describe, expect, it } from 'vitest';
import { withSettings } from '../../../scene/parse.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { heldFrames, heldScene, periodOf } from './held-panel.ts';
import { heldSignal } from '../core/held-signal.ts';

describe('a panel that holds still costs what it shows', () => {
  it('the still eye is held: the least film a render makes (3 frames at 30 fps), not 600; a moving eye is not', () => {
    const still = loadScene('1970-script-none');
    expect(heldFrames(still)).toBe(3);
    expect(heldFrames(withSettings(still, { fps: 60 }))).toBe(6);
    expect(heldScene(still, 3).durationS).toBeCloseTo(0.1, 12);
    expect(heldFrames(loadScene('1970-script'))).toBeNull();
    expect(heldFrames({ ...loadScene('1970-script'), preset: 'generic' })).toBeNull();
    // A still eye with a pointer track moves (it follows the pointer), and a tour changes its grade at each cut.
    expect(heldFrames({ ...loadScene('2026-rest-pointer'), preset: 'none' })).toBeNull();
    expect(heldFrames({ ...loadScene('tour'), preset: 'none' })).toBeNull();
  });

  it("an era whose grade changes in time (2003's webcam noise) is held over the noise's cycle: 4 noise frames at 15 Hz, 8 frames at 30 fps; the camera's fixed grain holds still", () => {
    // Before noiseFrame counted a frame time on a step as on it, the noise's frames fell unevenly at
    // 30 fps (135 of 600 frames a step early) and no loop repeated them: this was null.
    expect(heldFrames({ ...loadScene('2003-script'), preset: 'none' })).toBe(8);
    // The photographs' grain is one pattern (overlays.ts TIME_VARYING): was 8 while it changed at 15 Hz.
    expect(heldFrames({ ...loadScene('2026-script'), preset: 'none' })).toBe(3);
    expect(periodOf([0, 0, 1, 1, 0, 0, 1, 1])).toBe(4);
    expect(periodOf([0, 0, 1, 1, 0, 1, 1, 0])).toBeNull();
    expect(periodOf([2, 2, 2])).toBe(1);
  });

  it("a held panel's numbers are its rendered rows repeated at the clip's frame times", () => {
    const rows = { tMs: Float64Array.of(0, 33.3, 66.7), xDeg: Float64Array.of(1, 2, 3), yDeg: Float64Array.of(0, 0, 0), apertureMm: Float64Array.of(10, 10, 10) };
    const s = heldSignal(rows, 7, 30);
    expect([...s.xDeg]).toEqual([1, 2, 3, 1, 2, 3, 1]);
    expect(s.tMs[6]).toBeCloseTo(200, 9);
    expect(s.apertureMm!.length).toBe(7);
  });
});
