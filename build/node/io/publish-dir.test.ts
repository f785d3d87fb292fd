import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/temp-dir.ts';
import { publishDir } from './publish-dir.ts';

describe('publishDir', () => {
  const root = tempDir('publish-');
  it('replaces the target with the staged folder', () => {
    const out = mkdtempSync(join(root, 'out-'));
    mkdirSync(join(out, 'a'));
    writeFileSync(join(out, 'a', 'old.txt'), 'old');
    const stage = mkdtempSync(join(out, '.a.tmp-'));
    writeFileSync(join(stage, 'new.txt'), 'new');
    publishDir(stage, join(out, 'a'));
    expect(readFileSync(join(out, 'a', 'new.txt'), 'utf8')).toBe('new');
    expect(existsSync(join(out, 'a', 'old.txt'))).toBe(false);
  });
  it('refuses `.`, `..` and a target that is not beside the stage: it never renames the output folder or its parent', () => {
    const out = mkdtempSync(join(root, 'out-'));
    const stage = mkdtempSync(join(out, '.x.tmp-'));
    expect(() => publishDir(stage, join(out, '..'))).toThrow(/is not a folder beside/);
    expect(() => publishDir(stage, `${out}/.`)).toThrow(/is not a folder beside/);
    expect(() => publishDir(stage, join(root, 'elsewhere'))).toThrow(/is not a folder beside/);
    expect(existsSync(out)).toBe(true);
    expect(existsSync(stage)).toBe(true);
  });
});
