import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenes } from '../../../node/io/load-scene.ts';
import { editedTree } from '../../../testing/edited-tree.ts';
// @ts-expect-error plain .mjs tool without types
import { applyPlan, plan } from '../../../tools/move-folders.mjs';

const run = promisify(execFile);
const scenes = loadScenes([]);

/** Every scene's proof-film key as the tree at `dir` computes it (a child process: the tree's own modules). */
async function keysOf(dir: string): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(dir, 'build/testing/film-keys-of-tree.ts')], { cwd: dir, maxBuffer: 1 << 24 });
  return (JSON.parse(stdout) as { keys: Record<string, string> }).keys;
}

/** A copy of the tree with folders moved and every path to them rewritten (build/tools/move-folders.mjs), as a commit of moves would. */
function movedTree(moves: [string, string][]): string {
  const dir = editedTree(null);
  applyPlan(join(dir, 'build'), plan(join(dir, 'build'), moves));
  return dir;
}

const changed = (a: Record<string, string>, b: Record<string, string>) => Object.keys(a).filter((k) => a[k] !== b[k]).sort();
const ERA_GAZE_FILE = 'build/model/eras/era-gaze.ts';

describe('film keys under edits of the code (each scene at its proof settings, keys computed as eye render would)', () => {
  let base: Record<string, string>;
  const edited: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    const trees = {
      base: editedTree(null),
      comment: editedTree({ file: ERA_GAZE_FILE, change: (t) => `${t}// A comment: it changes no sample.\n` }),
      unreached: editedTree({ file: 'build/model/eras/era-gaze.ts', change: (t) => `${t}export function noSceneCallsThis(): number {\n  return 42;\n}\n` }),
      // 1970's mean reading fixation, 750 → 900 ms (a lower one would be clamped to the calm cap's floor, and
      // change no sample): 1970's reading eye, and only it, moves otherwise.
      era1970: editedTree({ file: ERA_GAZE_FILE, change: (t) => t.replace(/('1970': \{\s*pattern: \{\s*kind: 'read',\s*fixMs: )750,/, '$1900,') }),
      rendererComment: editedTree({ file: 'build/render/layers/catchlight.ts', change: (t) => `${t}// A comment in the renderer: no pixel changes.\n` }),
      renderer: editedTree({ file: 'build/render/layers/catchlight.ts', change: (t) => t.replace('img.width / 2', 'img.width / 2 + 1') }),
      // A Node-side folder eye render runs (its modules load lazily: esbuild labels each with its path),
      // one the check reaches through the player, and a folder of the renderer, each moved whole.
      moved: movedTree([
        ['jobs/stills/node', 'jobs/frames/node'],
        ['jobs/check/core', 'jobs/checks/core'],
        ['render/layers', 'render/drawn'],
      ]),
    };
    const entries = await Promise.all(Object.entries(trees).map(async ([k, dir]) => [k, await keysOf(dir)] as const));
    for (const [k, v] of entries) edited[k] = v;
    base = edited.base;
  }, 240_000);

  it('the unedited copy gives every scene a key, each its own', () => {
    expect(Object.keys(base).sort()).toEqual(scenes.map((s) => s.name).sort());
    expect(new Set(Object.values(base)).size).toBe(scenes.length);
  });
  it('a comment in the era table, or a function no scene reaches, changes no key: nothing renders', () => {
    expect(changed(base, edited.comment)).toEqual([]);
    expect(changed(base, edited.unreached)).toEqual([]);
  });
  it("one era's number changes the keys of that era's scenes whose samples it moves (and the tour's), and no other", () => {
    const moved = changed(base, edited.era1970);
    const era1970 = scenes.filter((s) => s.era === '1970' && s.tour.length === 0).map((s) => s.name);
    const tours = scenes.filter((s) => s.tour.some((c) => c.era === '1970')).map((s) => s.name);
    expect(moved).toContain('1970-script');
    expect(moved).toContain('tour');
    for (const name of moved) expect([...era1970, ...tours]).toContain(name);
    // Exactly the eyes that read 1970's reading pattern: its tuned script scenes and the tour; not its
    // rest scene (eye contact), not the eye that holds still, not the spring eye.
    const readers = scenes.filter((s) => (s.era === '1970' && s.tour.length === 0 && s.mode === 'script' && s.preset === 'tuned') || tours.includes(s.name)).map((s) => s.name);
    expect(moved).toEqual(readers.sort());
  });
  it('a comment in the renderer changes no key either (the code is hashed as the bundle it makes: no comments)', () => {
    expect(changed(base, edited.rendererComment)).toEqual([]);
  });
  it('moving folders (their files keeping names and bytes) changes no key: where a file sits is not what it computes', () => {
    expect(changed(base, edited.moved)).toEqual([]);
  });
  it('a renderer edit changes every key: everything renders', () => {
    expect(changed(base, edited.renderer)).toEqual(Object.keys(base).sort());
  });
});
