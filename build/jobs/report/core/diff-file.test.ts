import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sceneNameProblem } from '../../../scene/scene-name.ts';
import { parseDiffFile } from './diff-file.ts';

const fixture = () => JSON.parse(readFileSync(join(import.meta.dirname, '../node/fixtures/diff.json'), 'utf8'));
const parse = (v: unknown) => parseDiffFile(v, sceneNameProblem);

describe('diff.json (eye-diff/1), held strictly', () => {
  it('reads the hand-written fixture: a beyond, a within, an unchanged and an approved scene', () => {
    const d = parse(fixture());
    expect(d.scenes.map((s) => [s.scene, s.verdict, s.approved])).toEqual([
      ['1970-script', 'beyond', false],
      ['1981-script', 'within', false],
      ['1991-script', 'unchanged', false],
      ['2026-script', 'beyond', true],
    ]);
    expect(d.scenes[0].events.list[0]).toEqual({ kind: 'blink', change: 'moved', baselineS: 7.1, currentS: 7.18, shiftMs: 80, amplitudeDeg: null, baselineAmplitudeDeg: null });
  });

  it('refuses another schema, a missing or an unknown field, a wrong type or verdict, naming the field', () => {
    const bad = (edit: (f: ReturnType<typeof fixture>) => void) => {
      const f = fixture();
      edit(f);
      return () => parse(f);
    };
    expect(bad((f) => (f.schema = 'eye-diff/2'))).toThrow('field schema: expected "eye-diff/1", got "eye-diff/2"');
    expect(bad((f) => delete f.scenes[1].verdict)).toThrow('field scenes[1].verdict: expected a value');
    expect(bad((f) => (f.scenes[0].extra = 1))).toThrow('field scenes[0].extra: expected no such field');
    expect(bad((f) => (f.scenes[0].verdict = 'fine'))).toThrow('field scenes[0].verdict: expected one of "unchanged", "within", "beyond", "new", "missing", got "fine"');
    expect(bad((f) => (f.scenes[0].approved = 'yes'))).toThrow('field scenes[0].approved: expected true or false');
    expect(bad((f) => (f.scenes[0].metrics[0].current = '1e3'))).toThrow('field scenes[0].metrics[0].current: expected a finite number');
    expect(bad((f) => (f.scenes[0].events.list[0].kind = 'wink'))).toThrow('scenes[0].events.list[0].kind');
    expect(bad((f) => (f.scenes[0].stretches[0].endS = 1))).toThrow('field scenes[0].stretches[0].endS: expected a time ≥ startS');
    expect(bad((f) => (f.scenes[0].firstDifferentFrame = -1))).toThrow('firstDifferentFrame: expected a whole number');
    expect(bad((f) => (f.against.kind = 'HEAD'))).toThrow('field against.kind');
    expect(bad((f) => f.scenes.push(f.scenes[0]))).toThrow('field scenes[4].scene: expected a scene named once');
    expect(() => parse([])).toThrow('field (the file): expected an object, got []');
  });

  it('refuses a scene name that is not one, and a path that is absolute or climbs out', () => {
    const withScene = (scene: unknown) => () => parse({ ...fixture(), scenes: [{ ...fixture().scenes[0], scene }] });
    expect(withScene('../etc')).toThrow('field scenes[0].scene');
    expect(withScene('<img src=x onerror=alert(1)>')).toThrow('field scenes[0].scene');
    for (const p of ['../outside.png', 'diff/../../outside.png', '/etc/passwd', 'C:\\x.png', 'diff\\x.png', 'diff//x.png', './x.png', '', 'diff/x\n.png']) {
      const f = fixture();
      f.scenes[0].baselineStills[1] = p;
      expect(() => parse(f), p).toThrow('field scenes[0].baselineStills[1]: expected a path inside the proof folder');
    }
    const f = fixture();
    f.scenes[0].reviewClip = '../../review.mp4';
    expect(() => parse(f)).toThrow('field scenes[0].reviewClip');
  });
});
