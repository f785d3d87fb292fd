import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
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

/** Per frame: wall ms, and CPU ms summed over Node, the browser's processes and ffmpeg (null without /proc). */
export interface BenchTiming {
  wallMs: number;
  cpuMs: number | null;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/** CPU ms per frame between two readings of treeCpuMs (null if either had no /proc). */
const perFrame = (cpu0: number | null, cpu1: number | null, frames: number) => (cpu0 === null || cpu1 === null ? null : r2((cpu1 - cpu0) / frames));

/**
 * The one CPU sampler of `eye bench` (its floors and its breakdown both): time `frames` units of
 * `work`, wall and process-tree CPU, per frame. `cpu` is for tests.
 */
export async function timedCpu(frames: number, work: () => Promise<void>, cpu: () => number | null = treeCpuMs): Promise<BenchTiming> {
  const cpu0 = cpu();
  const t0 = performance.now();
  await work();
  const wallMs = (performance.now() - t0) / frames;
  return { wallMs: r2(wallMs), cpuMs: perFrame(cpu0, cpu(), frames) };
}

/**
 * The same sampler around a render: its hooks read the CPU at the first frame and when the film's
 * last byte is written, so the span is the summary's own clock (load to the film's end, not ffprobe,
 * stills or the era's spread); `timing` then gives the render's wall and CPU per frame.
 */
export function renderCpuSampler(cpu: () => number | null = treeCpuMs): {
  onFrame: (frame: number) => void;
  onEncoded: () => void;
  timing: (summary: { frames: number; msPerFrame: { total: number } }) => BenchTiming;
} {
  let cpu0: number | null = null;
  let cpu1: number | null = null;
  return {
    onFrame: (frame) => {
      if (frame === 0) cpu0 = cpu();
    },
    onEncoded: () => {
      cpu1 = cpu();
    },
    timing: (summary) => ({ wallMs: summary.msPerFrame.total, cpuMs: perFrame(cpu0, cpu1, summary.frames) }),
  };
}
