import { safeText } from '../../../errors/safe-text.ts';
import { drawingRatios, type DrawingSummary } from '../core/drawing-passes.ts';

/** One size's colour drawing (`eye bench --drawing-only`) as a table: a column per tree (its label as
 * given on the command line, control characters escaped), the last's multiple of the first where there are two. */
export function drawingTable(d: { size: string; frames: number; trees: readonly DrawingSummary[] }): string {
  const r = drawingRatios(d.trees);
  const head = ['colour drawing, in-page wall ms a frame', ...d.trees.map((t) => safeText(t.label)), r ? 'last ÷ first' : ''];
  const cells = [
    [`fastest of ${d.trees[0].passes} passes (the cost)`, ...d.trees.map((t) => t.fastestMs.toFixed(2)), r ? `${r.fastest.toFixed(2)}×` : ''],
    ['median pass (how noisy the run was)', ...d.trees.map((t) => t.medianMs.toFixed(2)), r ? `${r.median.toFixed(2)}×` : ''],
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const fmt = (c: string[]) => c.map((x, i) => (i > 0 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join('  ').trimEnd();
  return [`${d.size}, frames 1–${d.frames}`, fmt(head), ...cells.map(fmt), ''].join('\n');
}
