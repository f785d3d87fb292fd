import { describe, expect, it } from 'vitest';
import { checkPanelSize, checkStripHeight, clipCommandArgs, even } from './clip-args.ts';
import { clipOutputArgs } from './ffmpeg-args.ts';

describe('clip args', () => {
  it('even: integers ≥ 2 divisible by 2', () => {
    expect([2, 4, 640].map(even)).toEqual([true, true, true]);
    expect([0, 1, 3, 2.5, -2, NaN].map(even)).toEqual([false, false, false, false, false, false]);
  });

  it('checkPanelSize: throws on an odd or too small side, naming the size', () => {
    expect(() => checkPanelSize({ width: 640, height: 360 })).not.toThrow();
    expect(() => checkPanelSize({ width: 641, height: 360 })).toThrow('panel size 641x360: expected even integers ≥ 2');
    expect(() => checkPanelSize({ width: 640, height: 0 })).toThrow('640x0');
  });

  it('checkStripHeight: 0 and even heights pass; odd, negative or fractional throw, naming the strip', () => {
    expect(() => checkStripHeight('label height', 0)).not.toThrow();
    expect(() => checkStripHeight('label height', 40)).not.toThrow();
    expect(() => checkStripHeight('label height', 41)).toThrow('label height 41: expected an even integer ≥ 0');
    expect(() => checkStripHeight('header height', -2)).toThrow('header height -2');
    expect(() => checkStripHeight('header height', 1.5)).toThrow('header height 1.5');
  });

  it('clipCommandArgs: the inputs and the joined graph between the quiet flags and the encoder tail', () => {
    const out = { frames: 10, fps: 30, output: '/t/c.mp4' };
    expect(clipCommandArgs(['-i', 'a.mp4'], ['[0:v]null[x]', '[x]null[out]'], out)).toEqual([
      '-hide_banner', '-nostdin', '-v', 'error', '-i', 'a.mp4', '-filter_complex', '[0:v]null[x];[x]null[out]', ...clipOutputArgs(out),
    ]);
  });
});
