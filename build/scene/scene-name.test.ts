import { describe, expect, it } from 'vitest';
import { RESERVED_PROOF_NAMES, sceneNameProblem } from './scene-name.ts';

describe('sceneNameProblem', () => {
  it('takes plain folder names', () => {
    for (const name of ['1970-script', 'tour', 'a.b_c-d', 'live2', 'checks']) expect(sceneNameProblem(name)).toBeNull();
  });
  it('refuses paths, hidden and dot names, non-strings, and every name the project writes under proof/ (in any case)', () => {
    const bad = ['', '.', '..', '.hidden', 'x/../../scenes', 'a/b', 'a\\b', 'a\nb', 'x'.repeat(201), 'shard-2-of-3.json', ...RESERVED_PROOF_NAMES, ...RESERVED_PROOF_NAMES.map((n) => n.toUpperCase())];
    for (const name of bad) expect(sceneNameProblem(name), name).not.toBeNull();
    for (const v of [null, 3, {}, ['a']]) expect(sceneNameProblem(v)).not.toBeNull();
  });
});
