// Fault suite (issue 19, item 6): what a user or the environment can cause is its exit code and one line,
// never a stack. Each case was exit 4 (or exit 1) with a 10- to 21-line stack on main before the fix.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportError } from '../../cli/main.ts';
import { traceJson } from '../../jobs/render/core/trace-json.ts';
import { simulate } from '../../model/player.ts';
import { withSettings } from '../../scene/parse.ts';
import { loadScene } from '../../node/io/load-scene.ts';
import { runEye } from '../run-eye.ts';
import { tempDir } from '../temp-dir.ts';

const asRoot = process.getuid?.() === 0;
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts.splice(0)) execFileSync('umount', [m]);
});

/** A small tmpfs (root only): `size` its capacity, `ro` mounted read-only. */
function tmpfs(options: string): string {
  const dir = tempDir('eye-faults-tmpfs-');
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

/** A proof folder of one scene as eye render leaves one (the model's trace, its summary), without rendering. */
function proofOf(summaryOver: Record<string, unknown> = {}): { proof: string; dir: string } {
  const proof = tempDir('eye-faults-proof-');
  const scene = withSettings(loadScene('1970-script'), { durationS: 2 });
  const trace = simulate(scene);
  const dir = join(proof, scene.name);
  mkdirSync(dir, { recursive: true });
  const columns = Object.fromEntries(Object.entries(trace.columns).map(([k, v]) => [k, Array.from(v)]));
  writeFileSync(join(dir, 'trace.json'), traceJson(scene, [{ columns: columns as never, events: trace.events }]));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ scene: scene.name, durationS: scene.durationS, fps: scene.fps, width: 64, height: 36, seed: scene.seed, ...summaryOver }));
  return { proof, dir };
}

const oneLine = (stderr: string) => stderr.trim().split('\n');

describe.concurrent('faults: exit codes, one line, no stack', () => {
  it('eye report on a corrupt trace.json: exit 2 naming the file', async () => {
    const { proof, dir } = proofOf();
    writeFileSync(join(dir, 'trace.json'), '{"sampleRateHz":240,"columns":{"tMs":[0,');
    const r = await runEye(['report', '--proof-dir', proof, '--no-load', '--ledger-file', join(proof, 'none.jsonl')]);
    expect({ code: r.code, lines: oneLine(r.stderr) }).toEqual({ code: 2, lines: [expect.stringMatching(/trace\.json: not valid JSON/)] });
    expect(existsSync(join(proof, 'index.html'))).toBe(false);
  });

  it('eye report on a summary whose durationS is a string: exit 2 naming the field', async () => {
    const { proof } = proofOf({ durationS: '2' });
    const r = await runEye(['report', '--proof-dir', proof, '--no-load', '--ledger-file', join(proof, 'none.jsonl')]);
    expect({ code: r.code, lines: oneLine(r.stderr) }).toEqual({ code: 2, lines: [expect.stringContaining('summary.json: field "durationS": expected a number, got "2"')] });
  });

  it('eye ledger --file a folder: exit 2, one line', async () => {
    const r = await runEye(['ledger', '--file', tempDir('eye-faults-folder-')]);
    expect({ code: r.code, lines: oneLine(r.stderr) }).toEqual({ code: 2, lines: [expect.stringContaining('is a folder, not a ledger file')] });
  });

  it.runIf(asRoot)('a read-only TMPDIR: exit 3, one line naming it (not tsx\'s stack under exit 1)', async () => {
    const ro = tmpfs('size=1m,ro');
    const r = await runEye(['ledger', '--file', join(ro, 'none.jsonl')], { TMPDIR: ro });
    expect({ code: r.code, lines: oneLine(r.stderr) }).toEqual({ code: 3, lines: [`eye: cannot write to the temporary folder ${ro} (TMPDIR): read-only file system (EROFS)`] });
  });

  it.runIf(asRoot)('a full disk under a copy no caller named (a cache restore\'s cpSync): exit 3, one line naming the destination', () => {
    const full = tmpfs('size=256k');
    const src = tempDir('eye-faults-src-');
    writeFileSync(join(src, 'film.mp4'), Buffer.alloc(1 << 20, 1));
    let err: unknown;
    try {
      cpSync(src, join(full, '.scene.restore-1'), { recursive: true });
    } catch (e) {
      err = e;
    }
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((s: string) => written.push(s) > 0) as unknown as typeof process.stderr.write;
    try {
      expect(reportError(err)).toBe(3);
    } finally {
      process.stderr.write = write;
    }
    expect(written.join('')).toMatch(/^eye: cannot copyfile .*\.scene\.restore-1\/film\.mp4: no space left on the device \(ENOSPC\)\n$/);
  });

  it.runIf(asRoot)('a full disk under eye export-arkit --out: exit 3, one line, nothing half-written', async () => {
    const full = tmpfs('size=64k');
    const r = await runEye(['export-arkit', '1970-script', '--duration', '60', '--out', join(full, 'a.csv')]);
    expect({ code: r.code, lines: oneLine(r.stderr).length }).toEqual({ code: 3, lines: 1 });
    expect(r.stderr).toContain('ENOSPC');
    expect(readdirSync(full)).toEqual([]);
  });

  it.skipIf(asRoot)('disk-full and read-only cases need a tmpfs: skipped (not root, cannot mount)', () => {
    process.stderr.write('faults: the tmpfs cases (full disk, read-only TMPDIR) run as root only: skipped\n');
  });
});
