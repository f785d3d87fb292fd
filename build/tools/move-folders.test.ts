import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs tool without types
import { applyPlan, FOLDER_MOVES, formerPath, movedPath, plan } from './move-folders.mjs';
import { tempDir } from '../testing/temp-dir.ts';

/** A build/ folder in a temporary directory holding `files` (path under build/ → source). */
function fakeBuild(files: Record<string, string>): string {
  const build = join(tempDir('move-folders-'), 'build');
  for (const [path, src] of Object.entries(files)) {
    mkdirSync(dirname(join(build, path)), { recursive: true });
    writeFileSync(join(build, path), src);
  }
  return build;
}

const read = (build: string, p: string) => readFileSync(join(build, p), 'utf8');
const MOVE: [string, string][] = [['node/check', 'jobs/check/node'], ['core/check', 'jobs/check/core'], ['jobs/check/node/check-command.ts', 'jobs/check/node/run-check.ts']];

describe('move-folders', () => {
  it('maps a path forward through the moves in order and back again', () => {
    expect(movedPath('node/check/check-command.ts')).toBe('jobs/check/node/run-check.ts');
    expect(movedPath('node/io/contain.ts')).toBe('node/io/contain.ts');
    expect(formerPath('jobs/check/node/run-check.ts')).toBe('node/check/check-command.ts');
    expect(formerPath('jobs/picture/node/picture-scene.ts')).toBe('node/picture/run-picture.ts');
    expect(formerPath('jobs/picture/node/run-picture.ts')).toBe('node/picture/picture-command.ts');
    for (const [from] of FOLDER_MOVES as [string, string][]) expect(formerPath(movedPath(`${from}/x.ts`))).toBe(`${from}/x.ts`);
  });

  it('moves the files and points every relative import, path string and root-relative path where its target went; nothing else changes', () => {
    const build = fakeBuild({
      'node/check/check-command.ts': "import { face } from '../../core/check/face.ts';\nimport { io } from '../io/io.ts';\n// see build/core/check/face.ts; './not-a-file.ts' stays\nexport const run = () => [face, io];\n",
      'core/check/face.ts': "import { m } from '../../model/m.ts';\nexport const face = m;\n",
      'core/check/face.test.ts': "const fixture = join(import.meta.dirname, '../../node/check/fixtures/a.json');\n",
      'node/check/fixtures/a.json': '{}\n',
      'node/io/io.ts': 'export const io = 1;\n',
      'model/m.ts': 'export const m = 1;\n',
      'cli/check.ts': "export const load = () => import('../node/check/check-command.ts');\n",
    });
    applyPlan(build, plan(build, MOVE));
    expect(read(build, 'jobs/check/node/run-check.ts')).toBe(
      "import { face } from '../core/face.ts';\nimport { io } from '../../../node/io/io.ts';\n// see build/jobs/check/core/face.ts; './not-a-file.ts' stays\nexport const run = () => [face, io];\n",
    );
    expect(read(build, 'jobs/check/core/face.ts')).toBe("import { m } from '../../../model/m.ts';\nexport const face = m;\n");
    expect(read(build, 'jobs/check/core/face.test.ts')).toBe("const fixture = join(import.meta.dirname, '../node/fixtures/a.json');\n");
    expect(read(build, 'cli/check.ts')).toBe("export const load = () => import('../jobs/check/node/run-check.ts');\n");
    expect(read(build, 'node/io/io.ts')).toBe('export const io = 1;\n');
    // A second run finds nothing to do.
    const again = plan(build, MOVE);
    expect(again.moves).toEqual([]);
    expect([...again.writes.keys()]).toEqual([]);
  });

  it("after a merge, moves a file added to an old folder and re-points an import written for a moved file's old place", () => {
    const build = fakeBuild({
      'jobs/check/node/run-check.ts': "import { face } from '../core/face.ts';\n// a merged edit, written where the file used to be:\nimport { io } from '../io/io.ts';\nexport const run = [face, io];\n",
      'jobs/check/core/face.ts': 'export const face = 1;\n',
      'node/check/new-part.ts': "import { run } from './check-command.ts';\nimport { face } from '../../core/check/face.ts';\nexport const part = [run, face];\n",
      'node/io/io.ts': 'export const io = 1;\n',
    });
    applyPlan(build, plan(build, MOVE));
    expect(read(build, 'jobs/check/node/run-check.ts')).toContain("import { io } from '../../../node/io/io.ts';");
    expect(read(build, 'jobs/check/node/new-part.ts')).toBe("import { run } from './run-check.ts';\nimport { face } from '../core/face.ts';\nexport const part = [run, face];\n");
  });

  it('lets a file take the name another leaves, once: a second run leaves the new file where it is', () => {
    const chain: [string, string][] = [['a/run-x.ts', 'a/x-scene.ts'], ['a/x-command.ts', 'a/run-x.ts']];
    const build = fakeBuild({ 'a/run-x.ts': 'export const inner = 1;\n', 'a/x-command.ts': "import { inner } from './run-x.ts';\nexport const entry = inner;\n" });
    applyPlan(build, plan(build, chain));
    expect(read(build, 'a/x-scene.ts')).toBe('export const inner = 1;\n');
    expect(read(build, 'a/run-x.ts')).toBe("import { inner } from './x-scene.ts';\nexport const entry = inner;\n");
    const again = plan(build, chain);
    expect(again.moves).toEqual([]);
    expect([...again.writes.keys()]).toEqual([]);
  });

  it('makes the same chain behind a folder move in one run (a tree from before the moves), a test with no namesake to give way to included', () => {
    const moves: [string, string][] = [['b', 'a'], ['a/run-x.ts', 'a/x-scene.ts'], ['a/run-x.test.ts', 'a/x-scene.test.ts'], ['a/x-command.ts', 'a/run-x.ts'], ['a/x-command.test.ts', 'a/run-x.test.ts']];
    const build = fakeBuild({
      'b/run-x.ts': 'export const inner = 1;\n',
      'b/run-x.test.ts': "import { inner } from './run-x.ts';\n",
      'b/x-command.ts': "import { inner } from './run-x.ts';\nexport const entry = inner;\n",
    });
    const first = plan(build, moves);
    expect(first.moves).toEqual([['b/run-x.test.ts', 'a/x-scene.test.ts'], ['b/run-x.ts', 'a/x-scene.ts'], ['b/x-command.ts', 'a/run-x.ts']]);
    applyPlan(build, first);
    expect(read(build, 'a/x-scene.test.ts')).toBe("import { inner } from './x-scene.ts';\n");
    expect(read(build, 'a/run-x.ts')).toBe("import { inner } from './x-scene.ts';\nexport const entry = inner;\n");
    const again = plan(build, moves);
    expect(again.moves).toEqual([]);
    expect([...again.writes.keys()]).toEqual([]);
  });
});
