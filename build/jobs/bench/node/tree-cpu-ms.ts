import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseProcStat, type ProcStat } from '../core/proc-stat.ts';

let ticksPerS: number | null = null;
/** CLK_TCK (100 on every common Linux; asked once). */
function clockTicksPerS(): number {
  if (ticksPerS === null) {
    try {
      ticksPerS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerS = 100;
    }
  }
  return ticksPerS;
}

/**
 * CPU ms used so far by a process and all its descendants (Node, the browser and its GPU and renderer
 * processes, ffmpeg): each live process's utime+stime plus what its exited, waited-for children used
 * (cutime+cstime), so an ffmpeg that has finished still counts. Read twice, the difference is the CPU
 * spent between the reads. Null where there is no /proc (macOS). `procDir` and `ticks` are for tests.
 */
export function treeCpuMs(rootPid: number = process.pid, procDir = '/proc', ticks?: number): number | null {
  let names: string[];
  try {
    names = readdirSync(procDir).filter((n) => /^\d+$/.test(n));
  } catch {
    return null;
  }
  const stats: ProcStat[] = [];
  for (const name of names) {
    try {
      stats.push(parseProcStat(readFileSync(join(procDir, name, 'stat'), 'utf8')));
    } catch {
      // Gone between listing and reading (or unreadable): it is not ours to count.
    }
  }
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return null;
  let total = 0;
  for (const todo = [root]; todo.length > 0; ) {
    const s = todo.pop()!;
    total += s.selfTicks + s.reapedChildrenTicks;
    todo.push(...(children.get(s.pid) ?? []));
  }
  return (total * 1000) / (ticks ?? clockTicksPerS());
}
