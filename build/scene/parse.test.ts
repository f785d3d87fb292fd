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

  it('rejects a scene name that is not a plain folder name (`...json` is named `..`, the output folder\'s parent)', () => {
    for (const name of ['.', '..', '.hidden', 'a/b', '']) {
      expect(() => parseScene({ era: '1970' }, `scenes/${name}.json`, name)).toThrow(/field "\(file name\)": expected a scene name/);
    }
    expect(parseScene({ era: '1970' }, 'scenes/1970-script.v2.json', '1970-script.v2').name).toBe('1970-script.v2');
  });

  it('escapes control characters in keys and values it echoes (a key with a newline or an ANSI escape stays one plain line)', () => {
    expect(() => parse({ era: '1970', 'bad\nkey\u001b[31m': 1 })).toThrow('field "bad\\nkey\\u001b[31m": expected no such field');
    expect(() => parse({ era: '1970', mode: '\u009b2J' })).toThrow('got "\\u009b2J"');
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
