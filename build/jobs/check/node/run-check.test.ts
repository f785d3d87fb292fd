import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CliError } from '../../../errors/exit.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { runCheck, type CheckCommandOptions } from './run-check.ts';

const opts = (out: string): CheckCommandOptions => ({ minutes: 0.5, seeds: 1, jobs: 1, json: true, bench: false, out, ledger: false, force: false, cache: false, cacheDir: join(out, 'cache'), films: false });
const failure = async (run: () => Promise<unknown>): Promise<CliError> => {
  try {
    await run();
  } catch (err) {
    if (err instanceof CliError) return err;
    throw err;
  }
  throw new Error('expected a CliError');
};

describe('eye check, the command beside its engine', () => {
  // A short timeout: the refusal takes milliseconds, the simulation it must come before would take minutes.
  it('an --out that cannot be a folder is exit 3 naming it, before any scene is simulated', { timeout: 10_000 }, async () => {
    const dir = tempDir('check-command-');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      // 240 minutes of scene time: were the folder checked after the simulation, this would time out.
      const err = await failure(() => runCheck(['1970-script'], { ...opts(join(file, 'sub')), minutes: 240 }, []));
      expect(err.exitCode).toBe(3);
      expect(err.message).toContain(join(file, 'sub'));
      expect(stderr).toHaveBeenCalledTimes(0);
    } finally {
      stderr.mockRestore();
    }
  });

  it('the deliberately bad eye: exit 1 naming the failed caps, both files written, the JSON summary on stdout', async () => {
    const out = join(tempDir('check-command-'), 'check');
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let err: CliError;
    let printedText = '';
    try {
      err = await failure(() => runCheck(['scenes/fixtures/bad-1970-fast-reading.json'], opts(out), []));
      printedText = stdout.mock.calls.map((c) => String(c[0])).join('');
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    expect(err.exitCode).toBe(1);
    expect(err.message).toMatch(/bad-1970-fast-reading: mean fixation \d+ \(cap ≥ 750 ms\)/);
    expect(err.message).toMatch(/saccades per second [\d.]+ \(cap ≤ 1\.6 \/s\)/);
    expect(existsSync(join(out, 'assertions.json'))).toBe(true);
    const printed = JSON.parse(printedText);
    expect(printed.pass).toBe(false);
    expect(printed.failed).toEqual(JSON.parse(readFileSync(join(out, 'assertions.json'), 'utf8')).failed);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).pass).toBe(false);
    for (const f of printed.failed) expect(err.message).toContain(f);
  });
});
