import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/temp-dir.ts';
import { parseProcStat } from '../core/proc-stat.ts';
import { renderCpuSampler, timedCpu, treeCpuMs } from './tree-cpu-ms.ts';

/** A stat line as the kernel writes it: pid (comm) state ppid … utime stime cutime cstime …. */
const line = (pid: number, comm: string, ppid: number, [ut, st, cut, cst]: number[]) =>
  `${pid} (${comm}) S ${ppid} ${pid} ${pid} 0 -1 4194304 101 0 0 0 ${ut} ${st} ${cut} ${cst} 20 0 1 0 851609 3133440 414`;

function fakeProc(entries: [number, string, number, number[]][]): string {
  const dir = tempDir('eye-proc-');
  for (const [pid, comm, ppid, t] of entries) {
    mkdirSync(join(dir, String(pid)));
    writeFileSync(join(dir, String(pid), 'stat'), line(pid, comm, ppid, t));
  }
  mkdirSync(join(dir, 'self')); // not a pid: skipped
  return dir;
}

describe('parseProcStat', () => {
  it('reads pid, ppid and the four CPU times, counting fields after the command name', () => {
    expect(parseProcStat(line(7, 'node', 1, [10, 5, 3, 2]))).toEqual({ pid: 7, ppid: 1, selfTicks: 15, reapedChildrenTicks: 5 });
  });
  it('is not fooled by spaces and parentheses in the command name', () => {
    expect(parseProcStat(line(8, 'Web Content (x) )', 7, [1, 2, 3, 4]))).toEqual({ pid: 8, ppid: 7, selfTicks: 3, reapedChildrenTicks: 7 });
  });
  it('refuses a line that is not a stat line', () => {
    expect(() => parseProcStat('hello')).toThrow(/not a \/proc\/<pid>\/stat line/);
    expect(() => parseProcStat('9 (x) S 1 2 3')).toThrow(/field 14 is not a number/);
  });
});

describe('treeCpuMs', () => {
  // 100 (node) → 200 (chrome) → 201 (gpu), 202 (renderer); 100 → 300 (ffmpeg); 400 is someone else's.
  const proc = fakeProc([
    [100, 'node', 1, [50, 10, 7, 3]],
    [200, 'chrome', 100, [20, 5, 0, 0]],
    [201, 'chrome gpu', 200, [30, 2, 0, 0]],
    [202, 'chrome (renderer)', 200, [40, 4, 1, 1]],
    [300, 'ffmpeg', 100, [8, 1, 0, 0]],
    [400, 'other', 1, [999, 999, 0, 0]],
  ]);

  it('sums the tree: own time and reaped children of every descendant, nobody else', () => {
    // 70 + 25 + 32 + 46 + 9 = 182 ticks at 100 ticks/s.
    expect(treeCpuMs(100, proc, 100)).toBe(1820);
    expect(treeCpuMs(200, proc, 100)).toBe(1030);
  });

  it('is null without such a process or without /proc', () => {
    expect(treeCpuMs(999, proc, 100)).toBeNull();
    expect(treeCpuMs(100, join(proc, 'missing'), 100)).toBeNull();
  });

  it('reads this process tree on Linux, and the count grows with work', () => {
    const before = treeCpuMs();
    if (before === null) return; // no /proc here
    let x = 0;
    for (const end = process.cpuUsage().user + 60_000; process.cpuUsage().user < end; ) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(treeCpuMs()! - before).toBeGreaterThanOrEqual(40);
  });
});

describe('timedCpu and renderCpuSampler: one sampler for the floors and the breakdown', () => {
  it('gives CPU per frame between the readings, rounded to hundredths', async () => {
    const readings = [1000, 1250];
    const t = await timedCpu(4, async () => undefined, () => readings.shift()!);
    expect(t.cpuMs).toBe(62.5);
    expect(t.wallMs).toBeGreaterThanOrEqual(0);
  });
  it('says null where there is no /proc', async () => {
    expect((await timedCpu(4, async () => undefined, () => null)).cpuMs).toBeNull();
  });
  it('reads a render from its first frame to its last byte only, its wall from the summary', () => {
    let now = 100;
    const s = renderCpuSampler(() => now);
    now = 500;
    s.onFrame(0);
    now = 900;
    s.onFrame(1); // a later frame does not move the start
    now = 1100;
    s.onEncoded();
    now = 9999;
    expect(s.timing({ frames: 6, msPerFrame: { total: 40 } })).toEqual({ wallMs: 40, cpuMs: 100 });
    expect(renderCpuSampler(() => 5).timing({ frames: 6, msPerFrame: { total: 40 } }).cpuMs).toBeNull();
  });
});
