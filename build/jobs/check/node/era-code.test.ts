import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS } from '../../../measure/params.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { runCheckTasks } from './check-pool.ts';
import { eraCode, erasOf } from './era-code.ts';
import { restrictEras } from './restrict-eras.ts';

const TABLE = `import type { EraId } from './scene.ts';
const SHARED = 3; // kept: not an era's entry
export const ERA_X: Record<EraId, { a: number }> = {
  '1970': { a: SHARED },
  '1981': { a: 4 }, // 1981's
  '1991': { a: 5 },
};
export const NOT_A_TABLE = { '1981': 1 };
export const SPREAD: Record<EraId, number> = { ...OTHER, '1981': 2 };
`;

describe('era code: the check worker cut to the eras a part plays', () => {
  it("cuts every other era's entry of an era table, keeps the rest of the module as written, and leaves a table it cannot see into whole", () => {
    const out = restrictEras(TABLE, 'x.ts', new Set(['1970']));
    expect(out).toContain("'1970': { a: SHARED }");
    expect(out).not.toContain('{ a: 4 }');
    expect(out).not.toContain('{ a: 5 }');
    expect(out).toContain(`get '1981'(): never { throw new Error("ERA_X['1981'] read in a run restricted to era 1970`);
    expect(out).toContain("export const NOT_A_TABLE = { '1981': 1 };");
    expect(out).toContain("{ ...OTHER, '1981': 2 }");
    expect(restrictEras('export const A = 1;\n', 'y.ts', new Set(['1970']))).toBe('export const A = 1;\n');
  });

  it('cuts the same text to each set of eras asked in turn (its parse is kept, no cut carried over), and an edited text is parsed again', () => {
    const only1981 = restrictEras(TABLE, 'x.ts', new Set(['1981']));
    const only1970 = restrictEras(TABLE, 'x.ts', new Set(['1970']));
    expect(only1981).toContain("'1981': { a: 4 }");
    expect(only1981).not.toContain('{ a: SHARED }');
    expect(only1970).toContain("'1970': { a: SHARED }");
    expect(only1970).not.toContain('{ a: 4 }');
    expect(restrictEras(TABLE, 'x.ts', new Set(['1970', '1981', '1991']))).toBe(TABLE);
    const edited = TABLE.replace("'1981': { a: 4 }", "'1981': { a: 44 }");
    expect(restrictEras(edited, 'x.ts', new Set(['1981']))).toContain("'1981': { a: 44 }");
  });

  it("a part's code is the same text whatever another era's entries say, and another text when its own era's do", async () => {
    const root = projectRoot();
    const [a, b, both] = await Promise.all([eraCode(root, ['1970']), eraCode(root, ['1981']), eraCode(root, ['1981', '1970'])]);
    expect(a.hash).not.toBe(b.hash);
    expect(both.eras).toEqual(['1970', '1981']);
    expect(a.code).not.toMatch(/fixMs:900\b/); // 1981's scatter fixation is not in 1970's text
    expect(b.code).toMatch(/fixMs:900\b/);
    expect(erasOf(loadScene('tour')).length).toBeGreaterThan(1);
  });

  it('a part that reads an era its code was cut from fails: it can never be computed, nor cached, under a key that leaves that era out', async () => {
    const scene = loadScene('1981-script');
    const wrong = await eraCode(projectRoot(), ['1970']);
    const job = { scene, seed: 1, durationS: 2, params: DEFAULT_PARAMS, ratesHz: [240] };
    await expect(runCheckTasks([{ code: wrong, task: { kind: 'job', job }, label: '1981 in 1970\'s code' }], 1)).rejects.toThrow(/\['1981'\] read in a run restricted to era 1970/);
    const right = await eraCode(projectRoot(), erasOf(scene));
    const [r] = await runCheckTasks([{ code: right, task: { kind: 'job', job }, label: '1981 in its own code' }], 1);
    expect(r.samples).toBe(2 * 240 + 1);
  });
});
