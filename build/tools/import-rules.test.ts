import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs tool without types
import { folderOf, isFile, isPlatformFree, lintImports, platformLeaks, ruleCycles, RULES } from './import-rules.mjs';
import { tempDir } from '../testing/temp-dir.ts';

/** A build/ folder in a temporary directory holding `files` (path under build/ → source). */
function fakeBuild(files: Record<string, string>): string {
  const build = join(tempDir('import-rules-'), 'build');
  for (const [path, src] of Object.entries(files)) {
    mkdirSync(dirname(join(build, path)), { recursive: true });
    writeFileSync(join(build, path), src);
  }
  return build;
}

describe('import rules', () => {
  it('hold on build/ as it is', () => {
    expect(lintImports()).toEqual([]);
  });

  it('hold no cycle themselves, and name only folders they define (or files that exist, in one)', () => {
    expect(ruleCycles()).toEqual([]);
    const known = new Set(Object.keys(RULES));
    for (const [from, rule] of Object.entries(RULES as Record<string, { may: string[] }>)) {
      for (const to of rule.may) {
        if (isFile(to)) {
          expect(existsSync(join(import.meta.dirname, '..', to)), `${from} → ${to}`).toBe(true);
          expect(known.has(folderOf(to)), `${from} → ${to}`).toBe(true);
        } else expect(known.has(to), `${from} → ${to}`).toBe(true);
      }
    }
  });

  it("let build/measure and build/jobs/check/core import the renderer's mask contract and nothing else of build/render", () => {
    const build = fakeBuild({
      'render/mask-contract.ts': "export { xPx } from './geometry/eye-frame.ts';\n",
      'render/geometry/eye-frame.ts': 'export const xPx = 1;\n',
      'render/layers/lash-lag.ts': 'export const LASH_LAG_HZ = 9;\n',
      'measure/ok.ts': "import { xPx } from '../render/mask-contract.ts';\nexport const ok = xPx;\n",
      'measure/pixels/bad.ts': "import { xPx } from '../../render/geometry/eye-frame.ts';\nexport const bad = xPx;\n",
      'jobs/check/core/ok.ts': "import { xPx } from '../../../render/mask-contract.ts';\nexport const ok = xPx;\n",
      'jobs/check/core/bad.ts': "import { LASH_LAG_HZ } from '../../../render/layers/lash-lag.ts';\nexport const bad = LASH_LAG_HZ;\n",
    });
    const problems: string[] = lintImports(build);
    expect(problems.map((p) => p.replace(/, but .*$/, ''))).toEqual([
      'build/jobs/check/core/bad.ts:1: imports build/render/layers/lash-lag.ts',
      'build/measure/pixels/bad.ts:1: imports build/render/geometry/eye-frame.ts',
    ]);
    expect(problems[1]).toContain('build/render/mask-contract.ts');
  });

  it("name a job's two halves apart, and build/core's and build/node's shared folders, every other folder by its top level", () => {
    expect(folderOf('jobs/render/node/run-render.ts')).toBe('jobs/render/node');
    expect(folderOf('jobs/check/core/check-face.ts')).toBe('jobs/check/core');
    expect(folderOf('jobs/arkit/node/blender/import-live-link.py')).toBe('jobs/arkit/node');
    expect(folderOf('node/io/contain.ts')).toBe('node/io');
    expect(folderOf('core/hash/sha256.ts')).toBe('core/hash');
    expect(folderOf('model/tuned/gaze/create-gaze.ts')).toBe('model');
    expect(['jobs/check/core', 'core/hash', 'model', 'page'].every(isPlatformFree)).toBe(true);
    expect(['jobs/check/node', 'node/io', 'cli', 'testing', 'tools'].some(isPlatformFree)).toBe(false);
  });

  it("let no platform-free folder's rule name a Node-side folder (a job's core/ is never granted its node/)", () => {
    expect(platformLeaks()).toEqual([]);
    const leaky = { 'jobs/x/node': { may: ['jobs/x/core'], why: '' }, 'jobs/x/core': { may: ['jobs/x/node', 'model'], why: '' }, model: { may: [], why: '' } };
    expect(platformLeaks(leaky)).toEqual(['jobs/x/core → jobs/x/node']);
  });

  it("fail a job's core/ importing its own node/ half, and a job file outside both halves", () => {
    const build = fakeBuild({
      'jobs/check/core/face.ts': "import { pool } from '../node/pool.ts';\nexport const face = pool;\n",
      'jobs/check/node/pool.ts': "import { face } from '../core/face.ts';\nexport const pool = 1;\n",
      'jobs/check/loose.ts': 'export const loose = 1;\n',
    });
    const problems: string[] = lintImports(build);
    expect(problems).toContain('build/jobs/check/core/face.ts:1: imports build/jobs/check/node/pool.ts, but build/jobs/check/core may import only build/measure, build/model, build/render/mask-contract.ts, build/scene, build/spec');
    expect(problems).toContain("build/jobs/check/loose.ts: a job holds only core/ (platform-free) and node/ (Node's): build/jobs/<job>/core or build/jobs/<job>/node");
    // The node half importing its core half is the arrow pointing down.
    expect(problems.filter((p) => p.startsWith('build/jobs/check/node/'))).toEqual([]);
  });

  it('fail an upward import, a multi-line one and a dynamic one, each with its line; not a downward one, a test or an import inside a folder', () => {
    const build = fakeBuild({
      'render/draw.ts': [
        "import type { RenderPass } from '../page/protocol.ts';",
        "import { sample } from '../model/sample.ts';",
        'import {',
        '  a,',
        '  b,',
        "} from '../measure/metrics.ts';",
        "import { c } from './layers/c.ts';",
        "export const later = () => import('../jobs/render/node/run.ts');",
      ].join('\n'),
      'render/layers/c.ts': 'export const c = 1;\n',
      'render/draw.test.ts': "import { run } from '../jobs/render/node/run.ts';\n",
      'model/sample.ts': 'export const sample = 1;\n',
      'page/protocol.ts': "export type RenderPass = 'color' | 'mask';\n",
      'measure/metrics.ts': 'export const a = 1, b = 2;\n',
      'jobs/render/node/run.ts': "import { ok } from '../../cache/node/ok.ts';\nexport const run = ok;\n",
      'jobs/cache/node/ok.ts': "import { run } from '../../render/node/run.ts';\nexport const ok = 1;\n",
    });
    const problems: string[] = lintImports(build);
    expect(problems.map((p) => p.replace(/, but .*$/, ''))).toEqual([
      'build/jobs/cache/node/ok.ts:1: imports build/jobs/render/node/run.ts',
      'build/render/draw.ts:1: imports build/page/protocol.ts',
      'build/render/draw.ts:6: imports build/measure/metrics.ts',
      'build/render/draw.ts:8: imports build/jobs/render/node/run.ts',
    ]);
    expect(problems[1]).toContain('but build/render may import only build/model, build/scene, build/spec');
  });

  it('fail a folder the rules do not name, and an import of one', () => {
    const build = fakeBuild({
      'widgets/w.ts': 'export const w = 1;\n',
      'model/m.ts': "import { w } from '../widgets/w.ts';\nexport const m = w;\n",
    });
    expect(lintImports(build)).toEqual([
      'build/model/m.ts:1: imports build/widgets/w.ts, in build/widgets, which is not in the import rules',
      'build/widgets: not in the import rules (build/tools/import-rules.mjs): say what it may import',
    ]);
  });

  it('fail rules that let two folders import each other, a file of a folder standing for its folder', () => {
    const cycles: string[] = ruleCycles({ a: { may: ['b'], why: '' }, b: { may: ['c'], why: '' }, c: { may: ['a'], why: '' } });
    expect(cycles).toEqual(['a → b → c → a']);
    expect(ruleCycles({ a: { may: ['b/face.ts'], why: '' }, b: { may: ['a'], why: '' } })).toEqual(['a → b → a']);
  });
});
