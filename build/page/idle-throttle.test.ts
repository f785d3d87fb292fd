import { describe, expect, it } from 'vitest';
import { IDLE_DRAW_EVERY_FRAMES, IDLE_STILL_MS, POINTER_IDLE_MS } from '../spec/eye-spec.ts';
import { IdleThrottle } from './idle-throttle.ts';

const FPS = 60;
const msOf = (frame: number) => (frame * 1000) / FPS;

/** Frames drawn among `frames`, the pointer's last activity at frame `pointerAt`, motion where `moving(frame)`. */
function drawnFrames(frames: number[], pointerAt: number, moving: (f: number) => boolean): number[] {
  const t = new IdleThrottle(FPS);
  return frames.filter((f) => t.shouldDraw(f, msOf(f - pointerAt), moving(f)));
}
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe('IdleThrottle (eye.md §8 idle cost)', () => {
  it('uses the spec numbers: 2.8 s pointer idle, 0.25 s still, 1 frame in 3', () => {
    expect([POINTER_IDLE_MS, IDLE_STILL_MS, IDLE_DRAW_EVERY_FRAMES]).toEqual([2800, 250, 3]);
  });

  it('draws every frame while the pointer has done something in the last 2.8 s, even with the eye still', () => {
    const frames = range(1, 169); // up to 2.8 s exactly: not yet idle ("> 2.8 s")
    expect(drawnFrames(frames, 0, () => false)).toEqual(frames);
  });

  it('idle and still: one display frame in three, 20 a second at 60 fps', () => {
    const oneSecond = range(600, 660);
    const drawn = drawnFrames(range(1, 660), 0, () => false).filter((f) => f >= 600);
    expect(drawn.length).toBe(20);
    expect(drawn.every((f, i) => i === 0 || f - drawn[i - 1] === 3)).toBe(true);
    expect(oneSecond.length / drawn.length).toBe(3);
  });

  it('motion draws at once, and every frame until nothing has moved for 0.25 s', () => {
    const motionAt = 601; // a blink starts 10 s in, pointer idle all along
    const drawn = new Set(drawnFrames(range(1, 700), 0, (f) => f === motionAt));
    // The frame right after a drawn one would be skipped if the eye were still; motion draws it.
    expect(drawn.has(motionAt)).toBe(true);
    const stillFrames = (IDLE_STILL_MS / 1000) * FPS; // 15
    for (let f = motionAt; f < motionAt + stillFrames; f++) expect(drawn.has(f), `frame ${f}`).toBe(true);
    // 0.25 s after the motion the throttle is back: of the next 30 frames, 10 are drawn.
    expect(range(motionAt + stillFrames, motionAt + stillFrames + 30).filter((f) => drawn.has(f)).length).toBe(10);
  });

  it('the pointer coming back draws every frame at once', () => {
    const t = new IdleThrottle(FPS);
    for (let f = 1; f < 600; f++) t.shouldDraw(f, msOf(f), false);
    // Frame 599 may have been the one drawn in three; 600 and 601 still draw with the pointer active.
    expect([600, 601, 602].map((f) => t.shouldDraw(f, 0, false))).toEqual([true, true, true]);
  });

  it('counts display frames, not calls: a display that drops frames still draws when 3 frames have passed', () => {
    // Every other display frame arrives (a 30 Hz display): idle, the throttle draws every 2nd call
    // (frames 3 apart at least, 4 apart here), never fewer.
    const even = range(300, 400).filter((f) => f % 2 === 0);
    const drawn = drawnFrames(even, 0, () => false);
    expect(drawn.every((f, i) => i === 0 || f - drawn[i - 1] === 4)).toBe(true);
  });
});
