import { describe, expect, it } from 'vitest';
import { evenlySpaced, FrameSpecError, frameAtMs, parseFrameRange, parseFrameSpec } from './frame-spec.ts';

const film = { fps: 30, frames: 120 };

describe('parseFrameSpec', () => {
  it('reads seconds, milliseconds and frame numbers; a time falls on round(t · fps)', () => {
    expect(parseFrameSpec('3.4s', film)).toEqual({ frame: 102, tMs: 3400, spec: '3.4s' });
    expect(parseFrameSpec('3400ms', film).frame).toBe(102);
    expect(parseFrameSpec('frame:102', film)).toEqual({ frame: 102, tMs: 3400, spec: 'frame:102' });
    expect(parseFrameSpec(' 0s ', film).frame).toBe(0);
    expect(parseFrameSpec('.5s', film).frame).toBe(15);
    // 16 ms is 0.48 of a frame, 17 ms 0.51: the nearest frame, not the one before.
    expect(parseFrameSpec('16ms', film).frame).toBe(0);
    expect(parseFrameSpec('17ms', film).frame).toBe(1);
    expect(parseFrameSpec('3.98s', film).frame).toBe(119);
    expect(parseFrameSpec('1S', film).frame).toBe(30);
  });

  it('at rates that are not whole numbers too', () => {
    expect(frameAtMs(1001, 30000 / 1001)).toBe(30);
    expect(parseFrameSpec('1s', { fps: 30000 / 1001, frames: 100 }).frame).toBe(30);
  });

  it('refuses what is not a time, and times outside the film, naming the range', () => {
    expect(() => parseFrameSpec('3.4', film)).toThrow('expected a time or a frame, like 3.4s, 3400ms or frame:102');
    expect(() => parseFrameSpec('frame:1.5', film)).toThrow(FrameSpecError);
    expect(() => parseFrameSpec('', film)).toThrow(FrameSpecError);
    expect(() => parseFrameSpec('4s', film)).toThrow('"4s" is frame 120, past the film\'s end: frames 0 to 119 at 30 fps, times 0s to 3.967s');
    expect(() => parseFrameSpec('3.99s', film)).toThrow('frame 120');
    expect(() => parseFrameSpec('frame:120', film)).toThrow('past the film');
    expect(() => parseFrameSpec('-1ms', film)).toThrow('before the film');
    expect(() => parseFrameSpec('frame:-1', film)).toThrow('before the film');
  });
});

describe('parseFrameRange', () => {
  it('takes FROM..TO with TO included, in any of the forms', () => {
    const r = parseFrameRange('1.2s..frame:48', film, 120);
    expect([r.from.frame, r.to.frame]).toEqual([36, 48]);
    expect(parseFrameRange('frame:5..frame:5', film, 120).to.frame).toBe(5);
  });

  it('refuses backwards, half-written and too long ranges', () => {
    expect(() => parseFrameRange('2s..1s', film, 120)).toThrow('ends (frame 30) before it starts (frame 60)');
    expect(() => parseFrameRange('2s', film, 120)).toThrow('expected FROM..TO');
    expect(() => parseFrameRange('2s..', film, 120)).toThrow('expected FROM..TO');
    expect(() => parseFrameRange('0s..3s', film, 60)).toThrow('is 91 frames: a strip holds at most 60');
  });
});

describe('evenlySpaced', () => {
  it('spreads N frames over the film, first and last included', () => {
    expect(evenlySpaced(5, 120)).toEqual([0, 30, 60, 89, 119]);
    expect(evenlySpaced(1, 120)).toEqual([0]);
    expect(evenlySpaced(24, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const many = evenlySpaced(24, 600);
    expect(new Set(many).size).toBe(24);
    expect(many[23]).toBe(599);
  });
});
