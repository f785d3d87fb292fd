import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLedger } from './ledger.ts';
import { CliError } from '../../../errors/exit.ts';
import { runLedger } from './run-ledger.ts';
import { tempDir } from '../../../testing/temp-dir.ts';

const file = join(tempDir('ledger-cmd-'), 'ledger.jsonl');
const scene = (saccadesPerS: number, pass = true) => ({ scene: '1970-script', pass, metrics: { saccadesPerS, meanFixationMs: 800 }, failed: pass ? [] : ['saccades per second'] });

describe('eye ledger', () => {
  it('lists runs, shows one, and shows what changed between two', () => {
    expect(runLedger([], { file })).toBe('no runs in the ledger yet');
    appendLedger({ command: 'check', argv: [], wallMs: 9000, revision: 'a'.repeat(40), dirty: false, scenes: [scene(1.2)] }, file);
    appendLedger({ command: 'check', argv: [], wallMs: 8000, revision: 'b'.repeat(40), dirty: true, scenes: [scene(2.3, false)] }, file);
    const list = runLedger([], { file });
    expect(list).toMatch(/1 .* aaaaaaaaaa .* check .* ok/);
    expect(list).toMatch(/2 .* bbbbbbbbbb\+ .* FAIL .* 1970-script: saccades per second/);
    expect(runLedger(['-1'], { file })).toContain('saccadesPerS 2.30');
    const diff = runLedger(['1', '2'], { file });
    expect(diff).toContain('1970-script: pass → FAIL');
    expect(diff).toContain('saccadesPerS: 1.20 → 2.30 (+1.10)');
    expect(diff).not.toContain('meanFixationMs');
    expect(JSON.parse(runLedger(['-2', '-1'], { file, json: true })).scenes[0].metrics).toEqual([{ metric: 'saccadesPerS', before: 1.2, after: 2.3 }]);
  });

  it('names the runs there are when asked for one that is not', () => {
    const err = (() => {
      try {
        runLedger(['7'], { file });
      } catch (e) {
        return e as CliError;
      }
    })();
    expect(err?.exitCode).toBe(2);
    expect(err?.message).toContain('the ledger has 2 run(s)');
  });

  it('shows which scenes of a run came from the cache, and the shards a merged run was joined from', () => {
    const f = join(tempDir('ledger-cached-'), 'ledger.jsonl');
    appendLedger(
      {
        command: 'render',
        argv: [],
        wallMs: 5000,
        revision: 'c'.repeat(40),
        dirty: false,
        scenes: [{ ...scene(1.2), cached: true }, { ...scene(1.3), scene: '1981-script' }, { ...scene(1.4), scene: 'tour', chunks: { restored: 5, rendered: 1 } }],
        shards: [{ shard: '1/2', revision: 'c'.repeat(40), time: '', wallMs: 5000, argv: [] }, { shard: '2/2', revision: 'c'.repeat(40), time: '', wallMs: 4000, argv: [] }],
      },
      f,
    );
    const run = runLedger(['1'], { file: f });
    expect(run).toContain('1970-script: pass (restored from the cache');
    expect(run).toMatch(/1981-script: pass\n/);
    // A film joined from chunks, some of them restored from their own entries.
    expect(run).toContain('tour: pass (chunks: 5 restored from the cache, 1 rendered)');
    expect(run).toContain('merged from shards 1/2 (5.0 s), 2/2 (4.0 s)');
  });
});
