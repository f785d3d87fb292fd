// Fault suite (issue 19, item 10): values the parser used to take or keep without a word. Each case
// passed (exit 0) or misnamed the input on main before the fix.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { integerIn, numberAbove, numberIn } from '../../options/validators.ts';
import { runMeasure } from '../../jobs/measure/node/run-measure.ts';
import { openFilm } from '../../jobs/stills/node/open-film.ts';
import { runEye } from '../run-eye.ts';
import { tempDir } from '../temp-dir.ts';

const dir = tempDir('eye-faults-values-');

async function refusal(f: () => Promise<unknown>): Promise<{ code: number; message: string } | 'accepted'> {
  try {
    await f();
    return 'accepted';
  } catch (err) {
    return { code: (err as { exitCode: number }).exitCode, message: (err as Error).message };
  }
}

describe.concurrent('faults: option values and recordings', () => {
  it('number validators take decimal only: 0x1, 0b11, 0o7, Infinity and 1_000 are refused', () => {
    for (const t of ['0x1', '0b11', '0o7', 'Infinity', '1_000', ' 1']) {
      expect(() => numberIn(0, 1e9)(t), t).toThrow(RangeError);
      expect(() => integerIn(0, 1e9)(t), t).toThrow(RangeError);
      expect(() => numberAbove(0)(t), t).toThrow(RangeError);
    }
    expect([numberIn(0, 10)('1.5'), numberIn(0, 10)('.5'), numberIn(0, 100)('1e1'), integerIn(-5, 5)('-3')]).toEqual([1.5, 0.5, 10, -3]);
  });

  it('--duration 0x1 is exit 2 on the command line, nothing written', async () => {
    const out = join(dir, 'hex.csv');
    const r = await runEye(['export-arkit', '1970-script', '--duration', '0x1', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('got "0x1"');
    expect(existsSync(out)).toBe(false);
  });

  it('a flag given twice is exit 2 naming it (it silently kept the last value)', async () => {
    const out = join(dir, 'twice.csv');
    const r = await runEye(['export-arkit', '1970-script', '--duration', '1', '--duration', '2', '--out', out]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: 'eye: --duration: given more than once (give it once)\n' });
    expect(existsSync(out)).toBe(false);
  });

  it('a recording whose times make the rate 0 Hz is refused', async () => {
    const file = join(dir, 'slow.csv');
    writeFileSync(file, 't_ms,x_deg,y_deg\n0,0,0\n1e12,0.1,0\n2e12,0.2,0\n3e12,0.1,0\n');
    // Unit left to the file: outside the plausible 10–10,000 Hz, said with the rate.
    expect(await refusal(() => runMeasure(file))).toEqual({ code: 2, message: expect.stringContaining('1e-9 Hz, outside 10–10000 Hz') });
    // Unit given (so the plausible range is not held): still under the 1 Hz floor of any recording.
    expect(await refusal(() => runMeasure(file, { timeUnit: 'ms' }))).toEqual({ code: 2, message: expect.stringContaining('a gaze recording is sampled at 1 Hz or more') });
  });

  it('a garbage recording is refused after its first 20 problems, without reading the rest', async () => {
    const file = join(dir, 'garbage.csv');
    // 400 000 bad lines and then a line over the 1 MiB limit: a reader that reads on reports the long line or all the problems.
    writeFileSync(file, `t_ms,x_deg,y_deg\n${'x,y,z\n'.repeat(400_000)}${'9'.repeat(2 << 20)}\n`);
    const r = await refusal(() => runMeasure(file));
    expect(r).toEqual({ code: 2, message: expect.stringContaining('stopped reading at line 21 after 20 problems: line 2:') });
    expect((r as { message: string }).message).not.toContain('\n');
  });

  it('eye look /dev/zero says it is a character device, not a folder', async () => {
    expect(await refusal(() => openFilm('ffprobe', '/dev/zero'))).toEqual({ code: 2, message: '/dev/zero is a character device, not a film' });
  });
});
