import { benchRatios, type BenchRow, type BenchTiming } from './bench-size.ts';
import { median } from '../core/median.ts';

const r1 = (x: number) => Math.round(x * 10) / 10;

/** Each timing's median over the passes (CPU: null if any pass had none). */
function medianTiming(ts: readonly BenchTiming[]): BenchTiming {
  const cpu = ts.map((t) => t.cpuMs);
  return { wallMs: r1(median(ts.map((t) => t.wallMs))), cpuMs: cpu.some((c) => c === null) ? null : r1(median(cpu as number[])) };
}

/**
 * Several full passes of one size as one row: every timing the median of its passes, and the ratios
 * computed from those medians (benchRatios). Each pass times every mode in turn, so the passes
 * interleave the modes and a slow spell of the machine lands in one pass of each, not in one mode's
 * every sample. Frames identical to the default path: the fewest of any pass.
 */
export function medianRow(passes: readonly BenchRow[]): BenchRow {
  if (passes.length === 0) throw new RangeError('medianRow: no passes');
  const [first] = passes;
  const row: Omit<BenchRow, 'ratios'> = {
    ...first,
    passes: passes.length,
    drawing: medianTiming(passes.map((p) => p.drawing)),
    drawingColorOnly: medianTiming(passes.map((p) => p.drawingColorOnly)),
    captures: first.captures.map((c, i) => ({
      ...c,
      still: medianTiming(passes.map((p) => p.captures[i].still)),
      eye: medianTiming(passes.map((p) => p.captures[i].eye)),
      identicalToDefault: c.identicalToDefault === null ? null : Math.min(...passes.map((p) => p.captures[i].identicalToDefault ?? 0)),
    })),
    encode: first.encode.map((e, i) => ({ ...e, timing: medianTiming(passes.map((p) => p.encode[i].timing)) })),
    pipeline: first.pipeline.map((q, i) => ({ ...q, timing: medianTiming(passes.map((p) => p.pipeline[i].timing)) })),
    pipelineBefore: first.pipelineBefore === null ? null : medianTiming(passes.map((p) => p.pipelineBefore!)),
    pageScreenshot: medianTiming(passes.map((p) => p.pageScreenshot)),
  };
  return { ...row, ratios: benchRatios(row) };
}
