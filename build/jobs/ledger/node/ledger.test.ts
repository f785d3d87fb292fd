import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendLedger, readLedger, type LedgerInput } from './ledger.ts';
import { diffLedger } from './ledger-diff.ts';
import { tempDir } from '../../../testing/temp-dir.ts';

const tmpFile = () => join(tempDir('ledger-'), 'ledger.jsonl');

const run = (over: Partial<LedgerInput> = {}): LedgerInput => ({
  command: 'check',
  argv: [],
  wallMs: 1234,
  revision: 'abc',
  dirty: false,
  scenes: [{ scene: '1970-script', pass: true, metrics: { saccadesPerS: 1.2, meanFixationMs: 800 }, failed: [] }],
  ...over,
});

describe('ledger', () => {
  it('appends one whole JSON line per run and reads them back', () => {
    const file = tmpFile();
    const a = appendLedger(run(), file);
    appendLedger(run({ command: 'render' }), file);
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')).toHaveLength(3);
    expect(text.endsWith('\n')).toBe(true);
    const { entries, skipped } = readLedger(file);
    expect(skipped).toEqual([]);
    expect(entries.map((e) => e.command)).toEqual(['check', 'render']);
    expect(entries[0]).toEqual(a);
    expect(a.pass).toBe(true);
    expect(Date.parse(a.time)).not.toBeNaN();
  });

  it('ignores a torn last line, and the next append starts on a line of its own', () => {
    const file = tmpFile();
    appendLedger(run(), file);
    appendFileSync(file, '{"time":"2026-01-01T00:00:00Z","comm'); // a run killed mid-write
    expect(readLedger(file).entries).toHaveLength(1);
    expect(readLedger(file).skipped[0]).toMatchObject({ line: 2 });
    appendLedger(run({ wallMs: 99 }), file);
    const { entries, skipped } = readLedger(file);
    expect(entries.map((e) => e.wallMs)).toEqual([1234, 99]);
    expect(skipped).toEqual([{ line: 2, reason: 'not JSON (a torn line from a killed run)' }]);
  });

  it('reads a missing or empty ledger as no runs', () => {
    const file = tmpFile();
    expect(readLedger(file)).toEqual({ entries: [], skipped: [] });
    writeFileSync(file, '');
    expect(readLedger(file).entries).toEqual([]);
  });

  it('fills pass from the scenes and a real git revision when not given', () => {
    const file = tmpFile();
    const e = appendLedger(
      { command: 'check', argv: ['x'], wallMs: 1, scenes: [{ scene: 's', pass: false, metrics: {}, failed: ['cap'] }] },
      file,
    );
    expect(e.pass).toBe(false);
    expect(e.revision).toMatch(/^([0-9a-f]{40}|unknown)$/);
  });

  it('diffs two runs: metrics that moved, pass changes, scenes added or removed', () => {
    const file = tmpFile();
    const a = appendLedger(run(), file);
    const b = appendLedger(
      run({
        scenes: [
          { scene: '1970-script', pass: false, metrics: { saccadesPerS: 2.3, meanFixationMs: 800 }, failed: ['saccadesPerS'] },
          { scene: '2000-script', pass: true, metrics: { saccadesPerS: 0 }, failed: [] },
        ],
      }),
      file,
    );
    const d = diffLedger(a, b);
    expect(d.scenes).toEqual([
      {
        scene: '1970-script',
        status: 'both',
        passBefore: true,
        passAfter: false,
        metrics: [{ metric: 'saccadesPerS', before: 1.2, after: 2.3 }],
      },
      { scene: '2000-script', status: 'added', passBefore: null, passAfter: true, metrics: [{ metric: 'saccadesPerS', before: null, after: 0 }] },
    ]);
    expect(diffLedger(a, a).scenes).toEqual([]);
  });
});
