import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs tool without types
import { folderOf, isFile, lintImports, ruleCycles, RULES } from './import-rules.mjs';
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

  it("let build/measure and build/core/check import the renderer's mask contract and nothing else of build/render", () => {
    const build = fakeBuild({
      'render/mask-contract.ts': "export { xPx } from './geometry/eye-frame.ts';\n",
      'render/geometry/eye-frame.ts': 'export const xPx = 1;\n',
      'render/layers/lash-lag.ts': 'export const LASH_LAG_HZ = 9;\n',
      'measure/ok.ts': "import { xPx } from '../render/mask-contract.ts';\nexport const ok = xPx;\n",
      'measure/pixels/bad.ts': "import { xPx } from '../../render/geometry/eye-frame.ts';\nexport const bad = xPx;\n",
      'core/check/ok.ts': "import { xPx } from '../../render/mask-contract.ts';\nexport const ok = xPx;\n",
      'core/check/bad.ts': "import { LASH_LAG_HZ } from '../../render/layers/lash-lag.ts';\nexport const bad = LASH_LAG_HZ;\n",
    });
    const problems: string[] = lintImports(build);
    expect(problems.map((p) => p.replace(/, but .*$/, ''))).toEqual([
      'build/core/check/bad.ts:1: imports build/render/layers/lash-lag.ts',
      'build/measure/pixels/bad.ts:1: imports build/render/geometry/eye-frame.ts',
    ]);
    expect(problems[1]).toContain('build/render/mask-contract.ts');
  });

  it('name build/core and build/node job folders apart, every other folder by its top level', () => {
    expect(folderOf('node/render/run-render.ts')).toBe('node/render');
    expect(folderOf('core/check/check-face.ts')).toBe('core/check');
    expect(folderOf('model/tuned/gaze/create-gaze.ts')).toBe('model');
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
        "export const later = () => import('../node/render/run.ts');",
      ].join('\n'),
      'render/layers/c.ts': 'export const c = 1;\n',
      'render/draw.test.ts': "import { run } from '../node/render/run.ts';\n",
      'model/sample.ts': 'export const sample = 1;\n',
      'page/protocol.ts': "export type RenderPass = 'color' | 'mask';\n",
      'measure/metrics.ts': 'export const a = 1, b = 2;\n',
      'node/render/run.ts': "import { ok } from '../cache/ok.ts';\nexport const run = ok;\n",
      'node/cache/ok.ts': "import { run } from '../render/run.ts';\nexport const ok = 1;\n",
    });
    const problems: string[] = lintImports(build);
    expect(problems.map((p) => p.replace(/, but .*$/, ''))).toEqual([
      'build/node/cache/ok.ts:1: imports build/node/render/run.ts',
      'build/render/draw.ts:1: imports build/page/protocol.ts',
      'build/render/draw.ts:6: imports build/measure/metrics.ts',
      'build/render/draw.ts:8: imports build/node/render/run.ts',
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
