import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './project-root.ts';

const tmp = mkdtempSync(join(tmpdir(), 'eye-kill-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Command lines of live processes that mention `needle`. */
function processesMentioning(needle: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(needle)) out.push(`${d}: ${cmd.slice(0, 120)}`);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

describe('a render killed with -9', () => {
  it('takes ffmpeg and the browser with it, and the next run sweeps its staging folder and browser profile', async () => {
    const out = join(tmp, 'proof');
    const eye = join(projectRoot(), 'bin', 'eye.js');
    const args = [eye, 'render', '1970-script', '--duration', '6', '--size', '320x180', '--no-cache', '--no-pixels', '--no-ledger', '--jobs', '1', '--out', out];
    const child = spawn(process.execPath, args, { stdio: 'ignore' });
    const pid = child.pid!;
    // Wait until it is encoding: its staging folder holds a partial film.
    let stage = '';
    for (let i = 0; i < 600 && !stage; i++) {
      await sleep(100);
      const s = existsSync(out) ? readdirSync(out).find((n) => n.startsWith(`.1970-script.tmp-${pid}-`)) : undefined;
      if (s && existsSync(join(out, s, 'film.partial.mp4'))) stage = s;
    }
    expect(stage).not.toBe('');
    const profile = readdirSync(tmpdir()).find((n) => n.startsWith(`eye-chrome-${pid}-`));
    expect(profile).toBeDefined();
    process.kill(pid, 'SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // ffmpeg reads the film from eye's pipe, Chromium talks over eye's pipe: both end with it.
    let left: string[] = [];
    for (let i = 0; i < 50; i++) {
      await sleep(100);
      left = [...processesMentioning(join(out, stage)), ...processesMentioning(join(tmpdir(), profile!))];
      if (left.length === 0) break;
    }
    expect(left).toEqual([]);
    expect(existsSync(join(out, stage))).toBe(true); // -9 left it behind…
    const again = spawnSync(process.execPath, [eye, 'render', '1970-script', '--duration', '0.2', '--size', '320x180', '--no-cache', '--no-pixels', '--no-ledger', '--out', out], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(join(out, stage))).toBe(false); // …and the next run removed it
    expect(existsSync(join(tmpdir(), profile!))).toBe(false);
    expect(readdirSync(out)).toEqual(['1970-script']);
  }, 120_000);
});
