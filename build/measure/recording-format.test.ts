import { describe, expect, it } from 'vitest';
import { FormatError, recordingFormat } from './recording-format.ts';

const fails = (flags: Parameters<typeof recordingFormat>[0]) => {
  try {
    recordingFormat(flags);
  } catch (err) {
    expect(err).toBeInstanceOf(FormatError);
    return (err as Error).message;
  }
  throw new Error('expected a FormatError');
};

describe('recordingFormat: the flags that say how a recording is written', () => {
  it('reads a column mapping, the time unit, the eye and pixels per degree', () => {
    expect(recordingFormat({})).toEqual({ columns: null, timeUnit: 'ms', pxPerDeg: null, eye: null });
    expect(recordingFormat({ columns: 't=time, x=gx,y=gy', timeUnit: 's', pxPerDeg: '35.5' })).toEqual({ columns: { t: 'time', x: 'gx', y: 'gy' }, timeUnit: 's', pxPerDeg: 35.5, eye: null });
    const bino = recordingFormat({ columns: 't=TIME,xl=L X,yl=L Y,xr=R X,yr=R Y', eye: 'right' });
    expect(bino.columns).toEqual({ t: 'TIME', xl: 'L X', yl: 'L Y', xr: 'R X', yr: 'R Y' });
    expect(bino.eye).toBe('right');
  });

  it('turns the screen geometry into pixels per degree at the centre', () => {
    // 1920 px over 531 mm at 600 mm: 2·600·tan(0.5°)·1920/531 = 37.87 px/°.
    const f = recordingFormat({ screenDistanceMm: '600', screenWidthMm: '531', screenWidthPx: '1920' });
    expect(f.pxPerDeg).toBeCloseTo(37.87, 2);
  });

  it('states what is allowed for every bad flag', () => {
    expect(fails({ timeUnit: 'us' })).toBe('--time-unit: expected ms or s, got "us"');
    expect(fails({ eye: 'both', columns: 't=t,xl=a,yl=b,xr=c,yr=d' })).toBe('--eye: expected left or right, got "both"');
    expect(fails({ columns: 't=t,x=a' })).toBe('--columns: y not named (needed: t, x, y)');
    expect(fails({ columns: 't=t,x=a,y' })).toContain('expected ROLE=NAME pairs');
    expect(fails({ columns: 't=t,x=a,y=b,z=c' })).toBe('--columns: unknown role "z" (roles t, x, y, a, xl, yl, xr, yr)');
    expect(fails({ columns: 't=t,x=a,y=a' })).toBe('--columns: one column named for two roles');
    expect(fails({ columns: 't=t,xl=a,yl=b' })).toBe('--columns names binocular columns (xl, yl, xr, yr): add --eye left or --eye right');
    expect(fails({ columns: 't=t,xl=a,yl=b', eye: 'right' })).toBe('--columns: xr, yr not named (needed: t, xr, yr)');
    expect(fails({ eye: 'left' })).toContain('--eye picks one eye of a binocular file');
    expect(fails({ pxPerDeg: '0' })).toBe('--px-per-deg: expected a number above 0, got "0"');
    expect(fails({ pxPerDeg: '30', screenWidthPx: '1920' })).toContain('not both');
    expect(fails({ screenDistanceMm: '600', screenWidthPx: '1920' })).toContain('need all three');
  });
});
