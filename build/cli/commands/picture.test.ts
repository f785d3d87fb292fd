import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEye } from '../../testing/run-eye.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { PictureReport } from '../../measure/picture/picture-report.ts';
import { projectRoot } from '../../node/io/project-root.ts';

const root = projectRoot();
const tmp = mkdtempSync(join(tmpdir(), 'eye-picture-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const eye = runEye;

describe('eye picture', () => {
  it('--help names the three checks and their caps', async () => {
    const r = await eye(['picture', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1\.5 mm/);
    expect(r.stdout).toMatch(/--duration/);
    expect(r.stdout).toMatch(/--json/);
  });

  it('bad input: exit 2, one line, nothing written', async () => {
    const out = join(tmp, 'bad');
    for (const args of [['no-such-scene'], ['1970-script', '--stride', '0'], ['1970-script', '--size', '12x'], ['1970-script', '--duration', '-1']]) {
      const r = await eye(['picture', ...args, '--out', out]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^eye: /);
    }
    expect(existsSync(out)).toBe(false);
  });

  // TODAY'S RENDERER: the scene fails the picture test, so the command exits 1 (see run-picture.test.ts).
  it('on today\'s renderer: exit 1, the report written whole as <scene>.json, --json on stdout', async () => {
    const out = join(tmp, 'run');
    const r = await eye(['picture', '2026-script', '--duration', '1.5', '--size', '640x360', '--stride', '10', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(1);
    expect(readdirSync(out)).toEqual(['2026-script.json']);
    const file = JSON.parse(readFileSync(join(out, '2026-script.json'), 'utf8')) as PictureReport;
    const printed = JSON.parse(r.stdout) as PictureReport[];
    expect(printed[0]).toEqual(file);
    expect(file.pass).toBe(false);
    expect(file.frames).toBe(45);
    expect(file.width).toBe(640);
  });
});
