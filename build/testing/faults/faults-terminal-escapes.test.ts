// Fault suite (issue 19, item 7): text from files and arguments never reaches the terminal raw, and every
// error is one line. Each case failed on main before the fix (raw ESC bytes, a forged second line, 47 lines).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCacheList } from '../../jobs/cache/node/run-cache-list.ts';
import { runLedger } from '../../jobs/ledger/node/run-ledger.ts';
import { runEye } from '../run-eye.ts';
import { tempDir } from '../temp-dir.ts';

const ESC = '\u001b';
/** A committed ledger line (or a cache entry) is someone else's text: escapes and a newline in its fields. */
const evilScene = `x${ESC}[31mRED\neye: forged line`;
const entry = (value: number) => ({
  time: '2026-01-01T00:00:00.000Z',
  revision: `${ESC}[2J${ESC}]0;pwned\u0007abc\u009b2J`,
  dirty: false,
  command: 'render',
  argv: [],
  scenes: [{ scene: evilScene, pass: false, metrics: { a: value }, failed: [`cap${ESC}[1m`] }],
  pass: false,
  wallMs: 1,
});

/** Raw control characters other than the line breaks a table or listing has between its own lines. */
const rawControls = (s: string) => /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(s);

describe.concurrent('faults: control characters and one-line errors', () => {
  const dir = tempDir('eye-faults-escapes-');
  const ledger = join(dir, 'ledger.jsonl');
  writeFileSync(ledger, `${JSON.stringify(entry(1))}\n${JSON.stringify(entry(2))}\n`);

  it.each([
    ['list', []],
    ['one run', ['1']],
    ['diff', ['1', '2']],
    ['list --json', ['--json']],
  ])('eye ledger (%s) prints revision and scene fields escaped, no forged line', (_, args) => {
    // (In process: the text is runLedger's; the CLI only writes it. --json: JSON.stringify leaves C1 controls raw.)
    const out = runLedger(args.filter((a) => a !== '--json'), { file: ledger, json: args.includes('--json') });
    expect(rawControls(out)).toBe(false);
    expect(out).not.toMatch(/^eye: forged line/m);
    expect(out).toContain(args.includes('--json') ? '\\u009b2J' : '\\u001b[');
  });

  it('eye cache ls prints an entry\'s scene escaped', () => {
    const cache = join(dir, 'cache');
    const key = '0'.repeat(32);
    mkdirSync(join(cache, 'films', key, 'data'), { recursive: true });
    writeFileSync(join(cache, 'films', key, 'entry.json'), JSON.stringify({ kind: 'films', key, name: evilScene, createdAt: '2026-01-01T00:00:00.000Z', bytes: 1 }));
    const out = runCacheList(cache);
    expect(rawControls(out)).toBe(false);
    expect(out).not.toMatch(/^eye: forged line/m);
    expect(out).toContain('x\\u001b[31mRED\\neye: forged line');
  });

  it('a newline inside a JSON parse error\'s snippet stays on the one line', async () => {
    const bad = join(dir, 'bad-scene.json');
    writeFileSync(bad, '{\n"seed": x\neye: forged line\n}');
    const r = await runEye(['render', bad, '--no-ledger', '--no-cache', '--out', join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('not valid JSON');
  });

  it('a missing scene path with a newline in it stays on the one line', async () => {
    const r = await runEye(['render', join(dir, `no\neye: forged.json`), '--no-ledger', '--out', join(dir, 'out')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringContaining('no\\neye: forged.json')]);
  });

  it('an unknown option is one line naming it (escaped), pointing to --help, not the whole help', async () => {
    const r = await runEye(['render', `--bogus${ESC}[2J`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("eye: unknown option '--bogus\\u001b[2J' (see eye render --help)\n");
    const sub = await runEye(['cache', 'ls', '--nope']);
    expect(sub.stderr).toBe("eye: unknown option '--nope' (see eye cache ls --help)\n");
  });
});
