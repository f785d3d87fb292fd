import { describe, expect, it } from 'vitest';
import { checkPanelSize, checkStripHeight, even } from './clip-geometry.ts';

describe('clip geometry', () => {
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
});
