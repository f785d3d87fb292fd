import { describe, expect, it } from 'vitest';
import { changedRuns } from './changed-runs.ts';
import type { LedgerRun } from './report-data.ts';

const run = (n: number, revision: string, command: string, value: number | null): LedgerRun => ({ run: n, revision, command, scenes: [{ scene: '1970-script', metrics: { saccadesPerS: value } }] });

describe('changedRuns', () => {
  it('leaves out a run that repeats the last one of its command at its revision, keeping run numbers', () => {
    const runs = [run(1, 'a', 'render', 1.3), run(2, 'a', 'check', 0.9), run(3, 'a', 'render', 1.3), run(4, 'a', 'check', 0.9), run(5, 'a', 'render', 1.3)];
    expect(changedRuns(runs).map((r) => r.run)).toEqual([1, 2]);
  });

  it("takes the same scenes in another order as a repeat (a render's workers finish in either order)", () => {
    const two = (n: number, order: string[]): LedgerRun => ({ run: n, revision: 'a', command: 'render', scenes: order.map((scene) => ({ scene, metrics: { frames: scene.length } })) });
    expect(changedRuns([two(1, ['1970-script', 'tour']), two(2, ['tour', '1970-script'])]).map((r) => r.run)).toEqual([1]);
  });

  it('keeps a run whose numbers changed, at any revision, or that measured other scenes', () => {
    const other: LedgerRun = { run: 5, revision: 'b', command: 'render', scenes: [{ scene: '1981-script', metrics: { saccadesPerS: 1.3 } }] };
    const runs = [run(1, 'a', 'render', 1.3), run(2, 'a', 'render', 1.2), run(3, 'b', 'render', 1.1), run(4, 'b', 'render', 1.1), other];
    expect(changedRuns(runs).map((r) => r.run)).toEqual([1, 2, 3, 5]);
  });

  it('leaves out a run at a new revision with the same numbers (a comment or a refactor commit changes no number)', () => {
    const runs = [run(1, 'a', 'render', 1.3), run(2, 'b', 'render', 1.3), run(3, 'c', 'render', 1.2), run(4, 'd', 'render', 1.2)];
    expect(changedRuns(runs).map((r) => r.run)).toEqual([1, 3]);
  });
});
