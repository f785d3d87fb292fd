import { withSettings } from '../../../scene/parse.ts';
import { benchSize, type BenchRow, type BenchTiming } from './bench-size.ts';
import { medianRow } from './median-row.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../../node/ffmpeg/find-ffmpeg.ts';
import { handleInterrupts } from '../../../node/io/interrupt.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { EXIT } from '../../../errors/exit.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { loadBenchTree, type BenchTree } from './bench-tree.ts';
import { cpuBreakdown, type CpuBreakdown } from './cpu-breakdown.ts';
import { medianBreakdown } from './median-breakdown.ts';
import { breakdownTable } from './breakdown-table.ts';
import { benchDrawing } from './drawing-only.ts';
import { drawingTable } from './drawing-table.ts';
import { summariseDrawing } from '../core/drawing-passes.ts';

/** Aims from pipeline.md (speed): the pipeline within 2.5× of the drawing and 1.25× of its slower floor. */
const MAX_PIPELINE_OVER_DRAWING = 2.5;
const MAX_PIPELINE_OVER_FLOOR = 1.25;

/** What `eye bench` runs with, parsed and validated (build/cli/commands/bench.ts declares the flags). */
export interface BenchRunOptions {
  sizes: { width: number; height: number }[];
  frames: number;
  scene: string;
  threads: number[];
  /** Full passes per size; each timing is the median of its passes (medianRow). */
  repeat: number;
  json: boolean;
  /** Another checkout whose pipeline's CPU breakdown is timed beside this tree's, pass for pass (null: this tree's only). */
  against: string | null;
  /** The CPU breakdown only, not every floor (the capture paths, encode variants, page.screenshot). */
  breakdownOnly: boolean;
  /** The colour drawing alone, in-page, each tree's passes interleaved (nothing else). */
  drawingOnly: boolean;
}

/** `eye bench`: every floor of the pipeline side by side, per size, printed as tables or JSON. */
export async function runBench(flags: BenchRunOptions): Promise<number> {
  const { sizes, frames, threads } = flags;
  const base = loadScene(flags.scene);
  const scenes = sizes.map(({ width, height }) => withSettings(base, { width, height, durationS: frames / base.fps }));
  const executable = findBrowser();
  const ffmpeg = findFfmpeg();
  handleInterrupts();

  const trees: BenchTree[] = [];
  if (flags.against !== null) trees.push(await loadBenchTree(flags.against, flags.against));
  trees.push(await loadBenchTree(projectRoot(), 'this tree'));
  if (flags.drawingOnly) {
    const drawings = [];
    for (const scene of scenes) {
      const log = (s: string) => process.stderr.write(`bench: ${scene.width}x${scene.height}: ${s}\n`);
      const d = await benchDrawing(trees, scene, flags.repeat, log);
      drawings.push({ size: `${scene.width}x${scene.height}`, frames: d.frames, trees: d.trees.map(summariseDrawing) });
    }
    process.stdout.write(flags.json ? `${JSON.stringify({ drawings }, null, 2)}\n` : drawings.map(drawingTable).join('\n'));
    return EXIT.ok;
  }
  const breakdowns: CpuBreakdown[][] = [];
  for (const scene of scenes) {
    const perTree: CpuBreakdown[][] = trees.map(() => []);
    for (let i = 0; i < flags.repeat; i++) {
      // Alternate the trees' order pass by pass, so neither always runs first (a warm cache, a slow spell).
      const order = trees.map((_, k) => k);
      if (i % 2 === 1) order.reverse();
      for (const k of order) {
        const log = (s: string) => process.stderr.write(`bench: breakdown pass ${i + 1}/${flags.repeat}: ${s}\n`);
        perTree[k].push(await cpuBreakdown(trees[k], scene, ffmpeg, log));
      }
    }
    breakdowns.push(perTree.map(medianBreakdown));
  }
  const rows: BenchRow[] = [];
  for (const scene of flags.breakdownOnly ? [] : scenes) {
    const passes: BenchRow[] = [];
    for (let i = 0; i < flags.repeat; i++) {
      const log = (s: string) => process.stderr.write(`bench: ${flags.repeat > 1 ? `pass ${i + 1}/${flags.repeat}: ` : ''}${s}\n`);
      passes.push(await benchSize({ scene, executable, ffmpeg, threads, log }));
    }
    rows.push(medianRow(passes));
  }
  process.stdout.write(
    flags.json
      ? `${JSON.stringify({ breakdowns, rows }, null, 2)}\n`
      : [...breakdowns.map((b) => breakdownTable(b, flags.repeat)), ...rows.map(benchTable)].join('\n'),
  );
  return EXIT.ok;
}

/** One size as a table: mode, wall ms and CPU ms per frame, then the ratios against their aims. */
function benchTable(r: BenchRow): string {
  const rows: [string, BenchTiming, string?][] = [
    ['drawing alone (colour + mask measured)', r.drawing],
    ['drawing alone (colour only)', r.drawingColorOnly],
    ...r.captures.flatMap((c): [string, BenchTiming, string?][] => [
      [`capture ${c.path}, page still`, c.still],
      [`capture ${c.path}, drawing the eye`, c.eye, c.identicalToDefault === null ? '' : `${c.identicalToDefault}/${r.frames} frames identical to ${r.capture.method}/${r.capture.format}`],
    ]),
    ...r.encode.map((e): [string, BenchTiming] => [`encode alone, ${e.conversion}, x264 threads ${e.threads}`, e.timing]),
    ...r.pipeline.map((p): [string, BenchTiming] => [`full pipeline, x264 threads ${p.threads}`, p.timing]),
    ...(r.pipelineBefore ? [['full pipeline as before (beginFrame, swscale, x264 threads 0)', r.pipelineBefore] as [string, BenchTiming]] : []),
    ['page.screenshot loop', r.pageScreenshot],
  ];
  const cells = rows.map(([name, t, note]) => [name, t.wallMs.toFixed(1), t.cpuMs === null ? '—' : t.cpuMs.toFixed(1), note ?? '']);
  const head = ['ms per frame', 'wall', 'CPU', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const fmt = (c: string[]) => c.map((x, i) => (i === 1 || i === 2 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join('  ').trimEnd();
  const verdict = (v: number, max: number) => `${v.toFixed(2)} ${v <= max ? 'ok' : 'over'} (aim ≤ ${max})`;
  return [
    `${r.size}, ${r.frames} frames of ${r.scene}${(r.passes ?? 1) > 1 ? `, the median of ${r.passes} passes` : ''}; capture ${r.capture.method}/${r.capture.format} (${r.capture.probe})`,
    fmt(head),
    ...cells.map(fmt),
    `pipeline ÷ drawing: ${verdict(r.ratios.pipelineOverDrawing, MAX_PIPELINE_OVER_DRAWING)}; pipeline ÷ max(capture, encode): ${verdict(r.ratios.pipelineOverFloor, MAX_PIPELINE_OVER_FLOOR)}; page.screenshot ÷ pipeline: ${r.ratios.screenshotOverPipeline.toFixed(2)}`,
    '',
  ].join('\n');
}
