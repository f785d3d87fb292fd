import { describe, expect, it } from 'vitest';
import { stillArgs, stillFrame } from './still-args.ts';

describe('stillFrame', () => {
  it('is the frame on screen at that time, the last one at the film\'s end', () => {
    expect(stillFrame(0, 30, 90)).toBe(0);
    expect(stillFrame(1.1, 30, 90)).toBe(33);
    expect(stillFrame(1.0999, 30, 90)).toBe(32);
    expect(stillFrame(2.99, 30, 90)).toBe(89);
    expect(stillFrame(3, 30, 90)).toBe(89);
  });

  it('refuses a time before the film or after it', () => {
    expect(() => stillFrame(-0.1, 30, 90)).toThrow('expected a time ≥ 0');
    expect(() => stillFrame(3.1, 30, 90)).toThrow('the film ends at 3.000 s');
    expect(() => stillFrame(NaN, 30, 90)).toThrow('NaN');
  });
});

describe('stillArgs', () => {
  it('seeks half a frame before the frame, takes one, and writes it as an RGB PNG through the film\'s BT.709 matrix', () => {
    const args = stillArgs({ film: '/f/film.mp4', frame: 33, fps: 30 });
    expect(args[args.indexOf('-ss') + 1]).toBe('1.083333');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args[args.indexOf('-vf') + 1]).toContain('in_color_matrix=bt709:in_range=tv');
    expect(args[args.indexOf('-frames:v') + 1]).toBe('1');
    expect(args.slice(-5)).toEqual(['-f', 'image2pipe', '-c:v', 'png', 'pipe:1']);
    expect(stillArgs({ film: '/f/film.mp4', frame: 0, fps: 30 })).not.toContain('-ss');
  });

  it('refuses a relative film and a bad frame', () => {
    expect(() => stillArgs({ film: 'film.mp4', frame: 0, fps: 30 })).toThrow('absolute path');
    expect(() => stillArgs({ film: '/f.mp4', frame: 1.5, fps: 30 })).toThrow('frame 1.5');
  });
});
