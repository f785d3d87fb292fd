import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenes } from '../../../node/io/load-scene.ts';
import { editedTree } from '../../../testing/edited-tree.ts';

const run = promisify(execFile);

interface ProofKeys {
  check: Record<string, string>;
  spreads: Record<string, string>;
  clips: Record<string, string>;
}

/** The check's, the spreads' and the clips' keys as the tree at `dir` computes them (a child process: the tree's own modules). */
async function keysOf(dir: string): Promise<ProofKeys> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(dir, 'build/testing/proof-keys-of-tree.ts')], { cwd: dir, maxBuffer: 1 << 24 });
  return JSON.parse(stdout) as ProofKeys;
}

const changed = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((k) => a[k] !== b[k]).sort();
const ERA_GAZE_FILE = 'build/model/eras/era-gaze.ts';

describe("the check's parts, the era spreads and the clips under edits of the code (keys as eye check, eye render and eye clips compute them)", () => {
  const k: Record<string, ProofKeys> = {};
  beforeAll(async () => {
    const trees = {
      base: editedTree(null),
      comment: editedTree({ file: ERA_GAZE_FILE, change: (t) => `${t}// A comment: it changes no sample.\n` }),
      // 1981's scatter fixation, 900 → 1000 ms: a number in one era's gaze script.
      era1981: editedTree({ file: ERA_GAZE_FILE, change: (t) => t.replace("'1981': {\n    pattern: { kind: 'scatter', fixMs: 900,", "'1981': {\n    pattern: { kind: 'scatter', fixMs: 1000,") }),
      renderer: editedTree({ file: 'build/render/layers/catchlight.ts', change: (t) => t.replace('img.width / 2', 'img.width / 2 + 1') }),
    };
    const entries = await Promise.all(Object.entries(trees).map(async ([name, dir]) => [name, await keysOf(dir)] as const));
    for (const [name, keys] of entries) k[name] = keys;
  }, 600_000);

  it('the unedited copy keys every part: each era script and its reduced-motion twin, the stimuli, every scene spread, every clip', () => {
    const scripts = loadScenes([]).filter((s) => /^\d{4}-script$/.test(s.name)).map((s) => s.name);
    expect(Object.keys(k.base.check).sort()).toEqual([...scripts, ...scripts.map((s) => `${s}+reduced`), 'stimuli'].sort());
    expect(new Set(Object.values(k.base.check)).size).toBe(Object.keys(k.base.check).length);
    expect(Object.keys(k.base.clips)).toContain('eras-tuned.mp4');
  });

  it('a comment changes no key: nothing is checked, computed or composed again', () => {
    expect(changed(k.base.check, k.comment.check)).toEqual([]);
    expect(changed(k.base.spreads, k.comment.spreads)).toEqual([]);
    expect(changed(k.base.clips, k.comment.clips)).toEqual([]);
  });

  it("one era's gaze number runs that era's parts again (its script, its reduced twin), its scenes' spreads and the tour's, its clip and the tile; nothing else", () => {
    expect(changed(k.base.check, k.era1981.check)).toEqual(['1981-script', '1981-script+reduced']);
    expect(changed(k.base.spreads, k.era1981.spreads)).toEqual(['1981-rest', '1981-script', 'tour']);
    expect(changed(k.base.clips, k.era1981.clips)).toEqual(['1981-none-generic-tuned.mp4', 'eras-tuned.mp4']);
  });

  it('a renderer edit keeps every check part and spread (no check worker draws), and makes every clip again (every panel film renders)', () => {
    expect(changed(k.base.check, k.renderer.check)).toEqual([]);
    expect(changed(k.base.spreads, k.renderer.spreads)).toEqual([]);
    expect(changed(k.base.clips, k.renderer.clips)).toEqual(Object.keys(k.base.clips).sort());
  });
});
