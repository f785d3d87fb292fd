// Fault suite (issue 19, item 5): eye compare --rev. On main a bad revision was refused only after the
// working tree's panel had rendered, and on SIGINT the revision's own eye render ran on to its end, its
// worktree and the panels' temporary folder left behind.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../node/io/project-root.ts';
import { runEye } from '../run-eye.ts';
import { tempDir } from '../temp-dir.ts';

const root = projectRoot();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mine = (pid: number) => readdirSync(tmpdir()).filter((n) => n.startsWith(`eye-rev-${pid}-`) || n.startsWith(`eye-compare-${pid}-`));

/** A process's command line, or '' once it has exited (a child listed a moment ago may be gone: a git, a probe). */
function cmdline(p: number): string {
  try {
    return readFileSync(`/proc/${p}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** Processes whose command line names this compare's own temporary folder (its child render's --out). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const p of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      if (cmd.includes(`eye-compare-${pid}-`) && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') out.push(Number(p));
    } catch {
      // gone while read
    }
  }
  return out;
}

describe('faults: eye compare --rev', () => {
  it('a bad revision is refused before anything renders', async () => {
    const out = join(tempDir('eye-faults-rev-'), 'c.mp4');
    const r = await runEye(['compare', '1970-script', '--rev', 'no-such-revision', '--duration', '1', '--size', '320x180', '--no-cache', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('eye: --rev: expected a commit of this repository (a hash, a branch, HEAD~1), got "no-such-revision"\n');
    const noScene = await runEye(['compare', join(root, 'scenes', 'fixtures', 'bad-1970-fast-reading.json'), '--rev', 'HEAD', '--duration', '1', '--size', '320x180', '--no-cache', '--out', out]);
    expect(noScene.code).toBe(2);
    expect(noScene.stderr.trim().split('\n')).toEqual([expect.stringMatching(/has no scenes\/bad-1970-fast-reading\.json$/)]);
  });

  it('SIGINT while the revision renders stops its render\'s whole process group and leaves nothing, the worktree included', async () => {
    const out = join(tempDir('eye-faults-rev-'), 'c.mp4');
    const child = spawn(process.execPath, [join(root, 'bin', 'eye.js'), 'compare', '1970-script', '--rev', 'HEAD', '--duration', '8', '--size', '320x180', '--no-cache', '--out', out], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const pid = child.pid!;
    // Wait for the revision's own eye render (its --out is inside this compare's temporary folder).
    let render: number[] = [];
    for (let i = 0; i < 600 && render.length === 0; i++) {
      await sleep(100);
      render = childrenOf(pid).filter((p) => cmdline(p).includes('render'));
    }
    expect(render.length, stderr).toBeGreaterThan(0);
    await sleep(1000);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('eye: interrupted (SIGINT)');
    await sleep(500);
    expect(childrenOf(pid)).toEqual([]);
    expect(mine(pid)).toEqual([]);
    expect(execFileSync('git', ['-C', root, 'worktree', 'list'], { encoding: 'utf8' })).not.toContain(`eye-rev-${pid}-`);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});
