import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs tool without types
import { lint } from './lint-determinism.mjs';
import { tempDir } from '../testing/temp-dir.ts';

describe('determinism lint', () => {
  it('passes on the model as it is', () => {
    expect(lint()).toEqual([]);
  });

  it('catches the wall clock and Math.random in a model file', () => {
    const dir = tempDir('lint-');
    writeFileSync(join(dir, 'bad.ts'), 'export const t = Date.now();\nexport const r = Math.random();\n// Math.random() in a comment is fine\n');
    const problems: string[] = lint([dir]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/Date\.now/);
    expect(problems[1]).toMatch(/Math\.random/);
  });
});
