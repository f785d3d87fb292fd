import { describe, expect, it } from 'vitest';
import { parseScene, SceneError, withSettings } from './parse.ts';

const parse = (raw: unknown) => parseScene(raw, 'scenes/x.json', 'x');

describe('parseScene', () => {
  it('fills every default', () => {
    const s = parse({ era: '1970' });
    expect(s).toMatchObject({ name: 'x', era: '1970', mode: 'script', preset: 'tuned', fps: 30, width: 1280, height: 720, seed: 1, calm: false, reducedMotion: false, tour: [], pointer: [], overrides: {} });
  });

  it('names the file, the field and what was expected', () => {
    expect(() => parse({ era: '1970', fps: '30' })).toThrow('scenes/x.json: field "fps": expected an integer from 1 to 240, got "30"');
    expect(() => parse({ era: '1975' })).toThrow(/field "era": expected one of 1970, 1981/);
    expect(() => parse({ era: '1970', width: 1281 })).toThrow(/even integer/);
    expect(() => parse({ era: '1970', pointer: [{ tS: 1 }, { tS: 0.5 }] })).toThrow(/pointer\[1\]\.tS/);
  });

  it('rejects unknown keys, also inside nested objects', () => {
    expect(() => parse({ era: '1970', colour: 'red' })).toThrow(/field "colour": expected no such field/);
    expect(() => parse({ era: '1970', overrides: { fixMS: 400 } })).toThrow(/overrides\.fixMS/);
  });

  it('takes the era from a tour, whose first cut is at 0', () => {
    const s = parse({ tour: [{ era: '1981', atS: 0 }, { era: '1995', atS: 5 }] });
    expect(s.era).toBe('1981');
    expect(() => parse({ tour: [{ era: '1981', atS: 1 }] })).toThrow(/the first cut at 0/);
    expect(() => parse({})).toThrow(SceneError);
  });

  it('validates command-line settings with the same rules', () => {
    const s = parse({ era: '1970' });
    expect(withSettings(s, { fps: 60, seed: 4 })).toMatchObject({ fps: 60, seed: 4 });
    expect(() => withSettings(s, { fps: 0 })).toThrow('command line: field "--fps": expected an integer from 1 to 240, got 0');
  });
});
