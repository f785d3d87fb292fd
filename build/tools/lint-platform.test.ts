import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs tool without types
import { lintPlatform, platformFreeDirs, specifiers } from './lint-platform.mjs';
import { tempDir } from '../testing/temp-dir.ts';

describe('platform lint', () => {
  it('passes on the platform-free folders as they are', () => {
    expect(lintPlatform()).toEqual([]);
  });

  it("catches a Node built-in, a Node-only package, a Node global and an import of Node-side code (build/node, a job's node/ half), not another job's core/ nor the words in comments or strings", () => {
    const build = join(tempDir('lint-platform-'), 'build');
    mkdirSync(join(build, 'jobs', 'render', 'core'), { recursive: true });
    mkdirSync(join(build, 'jobs', 'render', 'node'), { recursive: true });
    mkdirSync(join(build, 'node', 'io'), { recursive: true });
    writeFileSync(join(build, 'node', 'io', 'read.ts'), "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n");
    writeFileSync(join(build, 'jobs', 'render', 'node', 'run.ts'), "export const run = 1;\n");
    writeFileSync(
      join(build, 'jobs', 'render', 'core', 'bad.ts'),
      [
        "import { join } from 'node:path';",
        "import type { Stats } from 'fs';",
        "import sharp from 'sharp';",
        "import { read } from '../../../node/io/read.ts';",
        "export const load = () => import('child_process');",
        'export const pid = () => process.pid;',
        'export const bytes = (s: string) => Buffer.from(s);',
        "// process.env and Buffer in a comment are fine, and so is 'node:fs' in a string:",
        "export const words = 'process.env Buffer node:fs';",
        "import { ok } from '../../../model/ok.ts';",
        "import { also } from '../../check/core/also.ts';",
        "import { run } from '../node/run.ts';",
        'export { join, sharp, read, ok, also, run };',
        'export type { Stats };',
      ].join('\n'),
    );
    expect(platformFreeDirs(build)).toContain(join(build, 'jobs', 'render', 'core'));
    expect(platformFreeDirs(build)).not.toContain(join(build, 'jobs', 'render', 'node'));
    const problems: string[] = lintPlatform(platformFreeDirs(build), build);
    expect(problems.map((p) => p.replace(/^.*bad\.ts:/, ''))).toEqual([
      '1: imports the Node built-in node:path',
      '2: imports the Node built-in fs',
      '3: imports the Node-only package sharp',
      '4: imports build/node/io/read.ts, which is Node-side (build/node/io)',
      '5: imports the Node built-in child_process',
      '12: imports build/jobs/render/node/run.ts, which is Node-side (build/jobs/render/node)',
      "6: process is Node's (pass what is needed in as a value)",
      "7: Buffer is Node's (use Uint8Array)",
    ]);
  });

  it('reads every form of import', () => {
    expect(specifiers("import a from 'a';\nimport { b, c } from 'b';\nimport type { D } from 'd';\nexport * from 'e';\nimport 'f';\nconst g = await import('g');\n")).toEqual(['a', 'b', 'd', 'e', 'f', 'g']);
  });
});
