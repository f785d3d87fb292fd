import type { CpuBreakdown } from './cpu-breakdown.ts';

/** Issue 20's aims for a 1280×720 frame: the CPU beyond the colour drawing, and the pipeline's overlap. */
export const MAX_BEYOND_COLOUR_CPU_MS = 22;
export const MAX_PIPELINE_OVER_FLOOR_PARTS = 1.15;

/**
 * One size's CPU breakdown, a column per tree (the first the one to compare against), and the last
 * tree's share of the first's where there are two: CPU ms per frame for each part, then the pipeline
 * and its ratios.
 */
export function breakdownTable(trees: readonly CpuBreakdown[], passes: number): string {
  const [a] = trees;
  const ms = (x: number | null) => (x === null || !Number.isFinite(x) ? '—' : x.toFixed(1));
  const share = (x: number, y: number) => (trees.length > 1 && Number.isFinite(x) && Number.isFinite(y) && x > 0 ? `${(y / x).toFixed(2)}×` : '');
  const line = (name: string, values: number[], note = '') => [name, ...values.map(ms), share(values[0], values[values.length - 1]), note];
  const cells: string[][] = [
    ...a.parts.map((p, i) => line(`CPU ms: ${p.name}`, trees.map((t) => t.parts[i].cpuMs))),
    line('CPU ms: the whole pipeline', trees.map((t) => t.stages.pipeline.cpuMs ?? Number.NaN)),
    line('CPU ms: beyond the colour drawing', trees.map((t) => t.beyondColourCpuMs), `aim ≤ ${MAX_BEYOND_COLOUR_CPU_MS} at 1280x720`),
    line('wall ms: the whole pipeline', trees.map((t) => t.stages.pipeline.wallMs)),
    line('wall ms: capture floor (draw, mask, encode, transfer)', trees.map((t) => t.stages.capture.wallMs)),
    line('wall ms: encode floor (ffmpeg alone)', trees.map((t) => t.stages.film.wallMs)),
    [ 'pipeline ÷ max(capture, encode)', ...trees.map((t) => t.pipelineOverFloor.toFixed(2)), '', `aim ≤ ${MAX_PIPELINE_OVER_FLOOR_PARTS}`],
    [ 'kB per captured image / per film frame', ...trees.map((t) => `${(t.imageBytes / 1000).toFixed(0)} / ${(t.filmBytesPerFrame / 1000).toFixed(1)}`), '', ''],
  ];
  const head = ['per frame', ...trees.map((t) => t.tree), trees.length > 1 ? 'last ÷ first' : '', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const fmt = (c: string[]) => c.map((x, i) => (i > 0 && i < c.length - 1 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join('  ').trimEnd();
  const stages = trees.map((t) => `${t.tree}: ${Object.entries(t.stages).map(([k, v]) => `${k} ${ms(v.cpuMs)}`).join(', ')}`);
  return [
    `CPU breakdown, ${a.size}, ${a.frames} frames${passes > 1 ? `, the median of ${passes} passes (the trees alternate which goes first)` : ''}`,
    fmt(head),
    ...cells.map(fmt),
    `stages (CPU ms per frame, each adding one step): ${stages.join('; ')}`,
    '',
  ].join('\n');
}
