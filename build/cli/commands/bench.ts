import type { Command } from 'commander';
import { withSettings } from '../../scene/parse.ts';
import { benchSize, type BenchRow, type BenchTiming } from '../../node/bench/bench-size.ts';
import { DEFAULT_X264_THREADS } from '../../node/render/ffmpeg-args.ts';
import { findBrowser } from '../../node/browser/find-browser.ts';
import { findFfmpeg } from '../../node/render/find-ffmpeg.ts';
import { handleInterrupts } from '../../node/io/interrupt.ts';
import { loadScene } from '../../node/io/load-scene.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { intOption, parseSize } from './render-options.ts';

interface BenchFlags {
  size: string;
  frames: string;
  scene: string;
  x264Threads: string;
  json?: boolean;
}

/** Aims from pipeline.md (speed): the pipeline within 2.5× of the drawing and 1.25× of its slower floor. */
const MAX_PIPELINE_OVER_DRAWING = 2.5;
const MAX_PIPELINE_OVER_FLOOR = 1.25;

/** `eye bench`: ms per frame of the pipeline and its parts, wall and CPU, side by side, in one run. */
export function registerBench(program: Command): void {
  program
    .command('bench')
    .description(
      'Time the render pipeline against its floors, per frame, wall and CPU (Node + browser + ffmpeg), in one run: the page\'s drawing alone; each capture path (the canvas\'s own pixels as JPEG and PNG, beginFrame, captureScreenshot) on a still page and on the eye; encode alone (zscale and swscale); the full pipeline; a plain page.screenshot loop; and their ratios.',
    )
    .option('--size <list>', 'comma-separated sizes WxH', '1280x720,1440x900')
    .option('--frames <n>', 'frames per mode (10 to 1800)', '90')
    .option('--scene <name>', 'the scene to film', '1970-script')
    .option('--x264-threads <list>', `x264 threads to compare, comma-separated, 0 = x264's choice; the first is used for the ratios (default ${DEFAULT_X264_THREADS}: the films' setting)`, String(DEFAULT_X264_THREADS))
    .option('--json', 'print the rows as JSON on stdout')
    .action(async (flags: BenchFlags) => {
      process.exitCode = await runBench(flags);
    });
}

async function runBench(flags: BenchFlags): Promise<number> {
  const sizes = flags.size.split(',').map((s) => parseSize(s));
  const frames = intOption(flags.frames, '--frames', 10, 1800);
  const threads = flags.x264Threads.split(',').map((t) => intOption(t, '--x264-threads', 0, 64));
  if (new Set(threads).size !== threads.length) throw new CliError(EXIT.badInput, `--x264-threads: each value once, got "${flags.x264Threads}"`);
  const base = loadScene(flags.scene);
  const scenes = sizes.map(({ width, height }) => withSettings(base, { width, height, durationS: frames / base.fps }));
  const executable = findBrowser();
  const ffmpeg = findFfmpeg();
  handleInterrupts();

  const rows: BenchRow[] = [];
  for (const scene of scenes) rows.push(await benchSize({ scene, executable, ffmpeg, threads, log: (s) => process.stderr.write(`bench: ${s}\n`) }));
  process.stdout.write(flags.json ? `${JSON.stringify(rows, null, 2)}\n` : rows.map(benchTable).join('\n'));
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
    `${r.size}, ${r.frames} frames of ${r.scene}; capture ${r.capture.method}/${r.capture.format} (${r.capture.probe})`,
    fmt(head),
    ...cells.map(fmt),
    `pipeline ÷ drawing: ${verdict(r.ratios.pipelineOverDrawing, MAX_PIPELINE_OVER_DRAWING)}; pipeline ÷ max(capture, encode): ${verdict(r.ratios.pipelineOverFloor, MAX_PIPELINE_OVER_FLOOR)}; page.screenshot ÷ pipeline: ${r.ratios.screenshotOverPipeline.toFixed(2)}`,
    '',
  ].join('\n');
}
