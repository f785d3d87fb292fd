import { describe, expect, it } from 'vitest';
import { FormatError, RECORDING_OPTIONS, recordingFormat, type RecordingFlags } from './recording-format.ts';

const fails = (flags: RecordingFlags) => {
  try {
    recordingFormat(flags);
  } catch (err) {
    expect(err).toBeInstanceOf(FormatError);
    return (err as Error).message;
  }
  throw new Error('expected a FormatError');
};

/** What one flag's validator says it expected (option-spec puts the flag and the text around it). */
const expected = (key: Exclude<keyof typeof RECORDING_OPTIONS, 'skipTextLines'>, text: string) => {
  try {
    RECORDING_OPTIONS[key].parse(text);
  } catch (err) {
    expect(err).toBeInstanceOf(RangeError);
    return (err as Error).message;
  }
  throw new Error(`expected ${key} to refuse "${text}"`);
};

describe('recording flags: each declared once, its validator saying what it allows', () => {
  it('reads a column mapping, the time unit, the eye and pixels per degree', () => {
    expect(RECORDING_OPTIONS.columns.parse('t=time, x=gx,y=gy')).toEqual({ t: 'time', x: 'gx', y: 'gy' });
    expect(RECORDING_OPTIONS.columns.parse('t=TIME,xl=L X,yl=L Y,xr=R X,yr=R Y')).toEqual({ t: 'TIME', xl: 'L X', yl: 'L Y', xr: 'R X', yr: 'R Y' });
    expect(RECORDING_OPTIONS.timeUnit.parse('s')).toBe('s');
    expect(RECORDING_OPTIONS.timeUnit.parse('us')).toBe('us');
    expect(RECORDING_OPTIONS.columns.parse('t=1,x=2,y=3')).toEqual({ t: '1', x: '2', y: '3' });
    expect(RECORDING_OPTIONS.timeUnit).not.toHaveProperty('default'); // absent: the header's or the layout's unit, and the rate check
    expect(RECORDING_OPTIONS.eye.parse('right')).toBe('right');
    expect(RECORDING_OPTIONS.pxPerDeg.parse('35.5')).toBe(35.5);
  });

  it('states what is allowed for every bad flag on its own', () => {
    expect(expected('timeUnit', 'ns')).toBe('one of ms, s, us');
    expect(expected('eye', 'both')).toBe('one of left, right');
    expect(expected('columns', 't=t,x=a,y')).toBe('ROLE=NAME pairs separated by commas (roles t, x, y, a, xl, yl, xr, yr; "y" is not one)');
    expect(expected('columns', 't=t,x=a,y=b,z=c')).toBe('roles t, x, y, a, xl, yl, xr, yr ("z" is not one)');
    expect(expected('columns', 't=t,x=a,x=b')).toBe('each role once (x is named twice)');
    expect(expected('columns', 't=t,x=a,y=a')).toBe('each column for one role ("a" is named for two)');
    for (const key of ['pxPerDeg', 'screenDistanceMm', 'screenWidthMm', 'screenWidthPx'] as const) {
      for (const bad of ['0', '-3', '', 'x', 'Infinity']) expect(expected(key, bad)).toBe('a number above 0');
    }
  });
});

describe('recordingFormat: the rules between the flags', () => {
  it('makes the format from the parsed flags', () => {
    expect(recordingFormat({})).toEqual({ columns: null, columnsBy: 'name', timeUnit: 'ms', skipTextLines: false, pxPerDeg: null, eye: null });
    expect(recordingFormat({ columns: { t: 'time', x: 'gx', y: 'gy' }, timeUnit: 's', pxPerDeg: 35.5 })).toEqual({ columns: { t: 'time', x: 'gx', y: 'gy' }, columnsBy: 'name', timeUnit: 's', skipTextLines: false, pxPerDeg: 35.5, eye: null });
    // Field numbers: a file with no header (an EyeLink ASC, a plain text export).
    expect(recordingFormat({ columns: { t: '1', x: '2', y: '3' }, timeUnit: 'us', skipTextLines: true })).toMatchObject({ columnsBy: 'position', timeUnit: 'us', skipTextLines: true });
    const bino = recordingFormat({ columns: { t: 'TIME', xl: 'L X', yl: 'L Y', xr: 'R X', yr: 'R Y' }, eye: 'right' });
    expect(bino.eye).toBe('right');
  });

  it('turns the screen geometry into pixels per degree at the centre', () => {
    // 1920 px over 531 mm at 600 mm: 2·600·tan(0.5°)·1920/531 = 37.87 px/°.
    const f = recordingFormat({ screenDistanceMm: 600, screenWidthMm: 531, screenWidthPx: 1920 });
    expect(f.pxPerDeg).toBeCloseTo(37.87, 2);
  });

  it('states what is allowed when flags disagree', () => {
    expect(fails({ columns: { t: 't', x: 'a' } })).toBe('--columns: y not named (needed: t, x, y)');
    expect(fails({ columns: { t: 't', xl: 'a', yl: 'b' } })).toBe('--columns names binocular columns (xl, yl, xr, yr): add --eye left or --eye right');
    expect(fails({ columns: { t: 't', xl: 'a', yl: 'b' }, eye: 'right' })).toBe('--columns: xr, yr not named (needed: t, xr, yr)');
    expect(fails({ columns: { t: 't', x: 'a', y: 'b', xr: 'c', yr: 'd' }, eye: 'right' })).toContain('not both');
    // --eye alone is the layout's to check (an EyeLink ASC or Tobii export names its eyes itself).
    expect(recordingFormat({ eye: 'left' }).eye).toBe('left');
    expect(fails({ columns: { t: '1', x: 'gx', y: 'gy' } })).toBe('--columns: all header names (t=TIME,x=GX,y=GY) or all field numbers (t=1,x=2,y=3), not a mix');
    expect(fails({ pxPerDeg: 30, screenWidthPx: 1920 })).toContain('not both');
    expect(fails({ screenDistanceMm: 600, screenWidthPx: 1920 })).toContain('need all three');
  });
});
