import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArkitCsv } from '../core/read-arkit-csv.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { SceneError } from '../../../scene/parse.ts';
import { runEye } from '../../../testing/run-eye.ts';
import { tempDir } from '../../../testing/temp-dir.ts';
import { runExportArkit } from './run-export-arkit.ts';
import { gazeFromShapes } from '../core/gaze-from-shapes.ts';
import { simulate } from '../../../model/player.ts';
import { stepsAtFrame } from '../../../model/time/clock.ts';
import { withSettings } from '../../../scene/parse.ts';
import { loadScene } from '../../../node/io/load-scene.ts';

const dir = tempDir('arkit-');
const exitOf = (f: () => unknown): { code: number; message: string } => {
  try {
    f();
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message };
    if (err instanceof SceneError) return { code: EXIT.badInput, message: err.message };
    throw err;
  }
  return { code: 0, message: '' };
};
const python = (script: string, file: string, interpreter = 'python3') => spawnSync(interpreter, ['-W', 'error', '-c', script, file], { encoding: 'utf8' });
// pandas comes from Debian's python3-pandas; a pyenv python3 first on PATH does not see it.
const pandasPython = ['python3', '/usr/bin/python3'].find((py) => python('import pandas', '', py).status === 0);

describe('runExportArkit', () => {
  const out = join(dir, 'take.csv');
  const r = runExportArkit('1995-script', { durationS: 3 }, out);
  const text = readFileSync(out, 'utf8');

  it('writes one row per frame at the scene\'s rate, whole (no temporary left), the same bytes for the same seed', () => {
    expect(r).toMatchObject({ scene: '1995-script', frames: 90, fps: 30, durationS: 3 });
    expect(readArkitCsv(text)).toHaveLength(90);
    expect(readdirSync(dir)).toEqual(['take.csv']);
    const again = join(dir, 'again.csv');
    runExportArkit('1995-script', { durationS: 3 }, again);
    expect(readFileSync(again, 'utf8')).toBe(text);
    const other = join(dir, 'other.csv');
    runExportArkit('1995-script', { durationS: 3, seed: 1 }, other);
    expect(readFileSync(other, 'utf8')).not.toBe(text);
    runExportArkit('1995-script', { durationS: 3, fps: 60 }, other);
    expect(readArkitCsv(readFileSync(other, 'utf8'))).toHaveLength(180);
  });

  it('--smoothing-ms 0 writes the model\'s own gaze: read back from the EyeLook shapes, within 0.1° of the trace on every frame', () => {
    const raw = join(dir, 'raw.csv');
    runExportArkit('1995-script', { durationS: 3 }, raw, 0);
    const trace = simulate(withSettings(loadScene('1995-script'), { durationS: 3 }));
    const worst = (rows: ReturnType<typeof readArkitCsv>): number =>
      Math.max(...rows.map((row, f) => {
        const g = gazeFromShapes(row.values);
        const i = stepsAtFrame(f, 30);
        return Math.max(Math.abs(g.left.xDeg + trace.columns.yawDeg[i]), Math.abs(g.right.yDeg - trace.columns.pitchDeg[i]));
      }));
    expect(worst(readArkitCsv(readFileSync(raw, 'utf8')))).toBeLessThan(0.1);
    // the default (eye.md §9's τ) eases the saccades: not the trace
    expect(worst(readArkitCsv(text))).toBeGreaterThan(0.5);
  });

  it("loads in Python's csv module (what Blender's Live Link Face add-ons read it with) with warnings as errors", () => {
    const script = [
      'import csv, sys',
      'with open(sys.argv[1], newline="") as f: rows = list(csv.reader(f))',
      'assert rows[0][:3] == ["Timecode", "BlendShapeCount", "EyeBlinkLeft"] and len(rows[0]) == 63, rows[0][:3]',
      'assert all(len(r) == 63 and r[1] == "61" for r in rows[1:])',
      'vals = [float(v) for r in rows[1:] for v in r[2:]]',
      'print(len(rows) - 1, len(vals))',
    ].join('\n');
    const p = python(script, out);
    expect(p.stderr).toBe('');
    expect(p.stdout.trim()).toBe(`90 ${90 * 61}`);
    // deliberately bad: a ragged row is caught by the same script
    const bad = join(dir, 'ragged.csv');
    writeFileSync(bad, `${text.trimEnd()},0.5\n`);
    expect(python(script, bad).stderr).toMatch(/AssertionError/);
  });

  const pandasTitle = pandasPython
    ? 'loads in pandas.read_csv (what Unreal/MotionBuilder retarget scripts use) with no warning: 90 × 63, every value numeric'
    : 'pandas.read_csv: SKIPPED, no python3 here imports pandas (Debian: apt-get install python3-pandas)';
  it.skipIf(pandasPython === undefined)(pandasTitle, () => {
    const script = [
      'import sys, warnings',
      'import pandas as pd',
      'with warnings.catch_warnings():',
      '    warnings.simplefilter("error")',
      '    df = pd.read_csv(sys.argv[1])',
      'assert df.shape == (90, 63), df.shape',
      'assert str(df["Timecode"].dtype) == "object"',
      'assert all(str(t) in ("float64", "int64") for t in df.dtypes.iloc[1:]), set(map(str, df.dtypes.iloc[1:]))',
      'shapes = df.iloc[:, 2:54]',
      'assert ((shapes >= 0) & (shapes <= 1)).all().all()',
      'print(df.shape[0], df.shape[1], pd.__version__)',
    ].join('\n');
    const p = python(script, out, pandasPython);
    expect(p.stderr).toBe('');
    expect(p.stdout).toMatch(/^90 63 /);
    // deliberately bad: a value pandas cannot read as a number turns that column into text and fails the check
    const bad = join(dir, 'text-cell.csv');
    writeFileSync(bad, text.replace(/\n(00:00:00:05\.000,61,)[^,]*/, '\n$1n/a?'));
    expect(python(script, bad, pandasPython).stderr).toMatch(/AssertionError: \{.*'object'/);
  });

  it('bad input is exit 2 and the environment exit 3, before any simulation; nothing is written', () => {
    expect(exitOf(() => runExportArkit('no-such-scene', {}, join(dir, 'x.csv')))).toMatchObject({ code: 2, message: expect.stringMatching(/no scene file/) });
    expect(exitOf(() => runExportArkit('1995-script', {}, dir))).toMatchObject({ code: 2, message: expect.stringMatching(/is a folder/) });
    expect(exitOf(() => runExportArkit('1995-script', { fps: 0 }, join(dir, 'x.csv')))).toMatchObject({ code: 2 });
    expect(exitOf(() => runExportArkit('1995-script', { durationS: 600 }, join(out, 'under-a-file.csv'))).code).toBe(3);
    expect(readdirSync(dir).filter((f) => f.startsWith('x'))).toEqual([]);
  });
});

describe('eye export-arkit (the CLI)', () => {
  it('says what it wrote; a bad --duration is exit 2 naming the range', async () => {
    const out = join(dir, 'cli.csv');
    const ok = await runEye(['export-arkit', '2026-rest', '--duration', '1', '--out', out]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(`${out}: 30 frames at 30 fps (1 s, seed ${/seed (\d+)/.exec(ok.stdout)?.[1]}, gaze eased with τ 125 ms)\n`);
    expect(readArkitCsv(readFileSync(out, 'utf8'))).toHaveLength(30);
    const bad = await runEye(['export-arkit', '2026-rest', '--duration', '0', '--out', out]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--duration.*0\.1/);
    const neg = await runEye(['export-arkit', '2026-rest', '--smoothing-ms', '-1', '--out', out]);
    expect(neg.code).toBe(2);
    expect(neg.stderr).toMatch(/--smoothing-ms: expected a number from 0 to 1000, got "-1"/);
  }, 30_000);
});
