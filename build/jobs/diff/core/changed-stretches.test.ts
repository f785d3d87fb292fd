import { describe, expect, it } from 'vitest';
import { changedStretches } from './changed-stretches.ts';

const film = (n: number, low: Record<number, number>) => Array.from({ length: n }, (_, i) => low[i] ?? 0.999);
const opts = { fps: 10, ssimMin: 0.99, contextS: 0.2 };

describe('changedStretches', () => {
  it('finds nothing in a film whose every frame is at or above the floor', () => {
    expect(changedStretches(film(50, { 7: 0.99 }), opts)).toEqual([]);
    expect(changedStretches([], opts)).toEqual([]);
  });

  it('widens a run of low frames by the context on both sides and times it in seconds', () => {
    expect(changedStretches(film(50, { 20: 0.9, 21: 0.8, 22: 0.95 }), opts)).toEqual([
      { startFrame: 18, endFrame: 24, startS: 1.8, endS: 2.5, minSsim: 0.8 },
    ]);
  });

  it('keeps stretches apart when their context does not reach, and merges them when it overlaps or touches', () => {
    const apart = changedStretches(film(50, { 10: 0.5, 20: 0.6 }), opts);
    expect(apart.map((s) => [s.startFrame, s.endFrame, s.minSsim])).toEqual([[8, 12, 0.5], [18, 22, 0.6]]);
    const touching = changedStretches(film(50, { 10: 0.5, 15: 0.6 }), opts);
    expect(touching.map((s) => [s.startFrame, s.endFrame, s.minSsim])).toEqual([[8, 17, 0.5]]);
    const overlapping = changedStretches(film(50, { 10: 0.7, 13: 0.4 }), opts);
    expect(overlapping).toEqual([{ startFrame: 8, endFrame: 15, startS: 0.8, endS: 1.6, minSsim: 0.4 }]);
  });

  it('clamps to the film at both ends', () => {
    expect(changedStretches(film(10, { 0: 0.5, 9: 0.6 }), { ...opts, contextS: 0.3 })).toEqual([
      { startFrame: 0, endFrame: 3, startS: 0, endS: 0.4, minSsim: 0.5 },
      { startFrame: 6, endFrame: 9, startS: 0.6, endS: 1, minSsim: 0.6 },
    ]);
    expect(changedStretches(film(5, { 2: 0.1 }), { ...opts, contextS: 10 })).toEqual([{ startFrame: 0, endFrame: 4, startS: 0, endS: 0.5, minSsim: 0.1 }]);
  });

  it('rounds the context to whole frames, and with none keeps exactly the low frames', () => {
    expect(changedStretches(film(50, { 20: 0.5 }), { fps: 30, ssimMin: 0.99, contextS: 1 })[0]).toMatchObject({ startFrame: 0, endFrame: 49 });
    expect(changedStretches(film(100, { 50: 0.5 }), { fps: 30, ssimMin: 0.99, contextS: 1 })[0]).toMatchObject({ startFrame: 20, endFrame: 80 });
    expect(changedStretches(film(50, { 20: 0.5, 21: 0.5 }), { ...opts, contextS: 0 })).toEqual([{ startFrame: 20, endFrame: 21, startS: 2, endS: 2.2, minSsim: 0.5 }]);
  });

  it('a whole film below the floor is one stretch', () => {
    expect(changedStretches(Array(30).fill(0.5), opts)).toEqual([{ startFrame: 0, endFrame: 29, startS: 0, endS: 3, minSsim: 0.5 }]);
  });

  it('refuses NaN values and nonsense options', () => {
    expect(() => changedStretches([1, NaN], opts)).toThrow('ssim[1] NaN');
    expect(() => changedStretches([1], { ...opts, fps: 0 })).toThrow('fps 0');
    expect(() => changedStretches([1], { ...opts, contextS: -1 })).toThrow('contextS -1');
    expect(() => changedStretches([1], { ...opts, ssimMin: Infinity })).toThrow('ssimMin');
  });
});
