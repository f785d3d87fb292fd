import { cpuParts, type StageCpu } from '../core/cpu-parts.ts';
import { median } from '../core/median.ts';
import type { CpuBreakdown } from './cpu-breakdown.ts';
import type { BenchTiming } from './bench-size.ts';

const r1 = (x: number) => Math.round(x * 10) / 10;
const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * One tree's breakdown over several passes: every stage's wall and CPU the median of its passes, and
 * the parts and ratios computed from those medians (so the parts add up as the stages do).
 */
export function medianBreakdown(passes: readonly CpuBreakdown[]): CpuBreakdown {
  if (passes.length === 0) throw new RangeError('medianBreakdown: no passes');
  const [first] = passes;
  const keys = Object.keys(first.stages) as (keyof StageCpu)[];
  const stages = Object.fromEntries(
    keys.map((k): [string, BenchTiming] => {
      const cpu = passes.map((p) => p.stages[k].cpuMs);
      return [k, { wallMs: r1(median(passes.map((p) => p.stages[k].wallMs))), cpuMs: cpu.some((c) => c === null) ? null : r1(median(cpu as number[])) }];
    }),
  ) as CpuBreakdown['stages'];
  const cpu = Object.fromEntries(keys.map((k) => [k, stages[k].cpuMs ?? Number.NaN])) as unknown as StageCpu;
  const { parts, beyondColour } = cpuParts(cpu);
  return {
    ...first,
    stages,
    parts,
    beyondColourCpuMs: beyondColour,
    pipelineOverFloor: r2(stages.pipeline.wallMs / Math.max(stages.capture.wallMs, stages.film.wallMs)),
    imageBytes: Math.round(median(passes.map((p) => p.imageBytes))),
    filmBytesPerFrame: Math.round(median(passes.map((p) => p.filmBytesPerFrame))),
  };
}
