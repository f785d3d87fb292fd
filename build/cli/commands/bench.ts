import type { Command } from 'commander';
import { withSettings } from '../../scene/parse.ts';
import { benchSize, type BenchRow } from '../../node/bench-size.ts';
import type { FrameFormat } from '../../node/capture-frame.ts';
import { findBrowser } from '../../node/find-browser.ts';
import { findFfmpeg } from '../../node/find-ffmpeg.ts';
import { handleInterrupts } from '../../node/interrupt.ts';
import { loadScene } from '../../node/load-scene.ts';
import { CliError, EXIT } from '../exit.ts';
import { intOption, parseSize } from './render-options.ts';

interface BenchFlags {
  size: string;
  frames: string;
  scene: string;
  format: string;
  json?: boolean;
}

/** Targets from issue 2: overlap keeps the pipeline near its slower floor, and it beats screenshots. */
const MAX_PIPELINE_OVER_FLOOR = 1.5;
const MIN_SCREENSHOT_OVER_PIPELINE = 2.5;

/** `eye bench`: ms per frame of the pipeline and its parts, side by side, in one run. */
export function registerBench(program: Command): void {
  program
    .command('bench')
    .description('Time the render pipeline against its floors (capture alone, encode alone) and a plain page.screenshot loop, per frame, in one run.')
    .option('--size <list>', 'comma-separated sizes WxH', '1440x900,1280x720')
    .option('--frames <n>', 'frames per mode (10 to 1800)', '90')
    .option('--scene <name>', 'the scene to film', '1970-script')
    .option('--format <list>', 'frame formats to compare: jpeg, png, or jpeg,png', 'jpeg')
    .option('--json', 'print the rows as JSON on stdout')
    .action(async (flags: BenchFlags) => {
      process.exitCode = await runBench(flags);
    });
}

async function runBench(flags: BenchFlags): Promise<number> {
  const sizes = flags.size.split(',').map((s) => parseSize(s));
  const frames = intOption(flags.frames, '--frames', 10, 1800);
  const formats = flags.format.split(',').map((f) => f.trim().toLowerCase());
  for (const f of formats) if (f !== 'png' && f !== 'jpeg') throw new CliError(EXIT.badInput, `--format: expected png, jpeg or png,jpeg, got "${flags.format}"`);
  const base = loadScene(flags.scene);
  const scenes = sizes.map(({ width, height }) => withSettings(base, { width, height, durationS: frames / base.fps }));
  const executable = findBrowser();
  const ffmpeg = findFfmpeg();
  handleInterrupts();

  const rows: BenchRow[] = [];
  for (const scene of scenes) {
    for (const format of formats as FrameFormat[]) {
      rows.push(await benchSize({ scene, format, executable, ffmpeg, log: (s) => process.stderr.write(`bench: ${s}\n`) }));
    }
  }
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  const head = ['size', 'format', 'frames', 'capture', 'pipeline', 'capture alone', 'encode alone', 'page.screenshot', 'fallback capture', 'pipeline/max(floors)', 'screenshot/pipeline'];
  const lines = rows.map((r) => [
    r.size,
    r.format,
    String(r.frames),
    r.method,
    r.pipelineMs.toFixed(1),
    r.captureMs.toFixed(1),
    r.encodeMs.toFixed(1),
    r.screenshotMs.toFixed(1),
    r.fallbackCaptureMs.toFixed(1),
    `${r.pipelineOverFloor.toFixed(2)} ${r.pipelineOverFloor <= MAX_PIPELINE_OVER_FLOOR ? 'ok' : `> ${MAX_PIPELINE_OVER_FLOOR}`}`,
    `${r.screenshotOverPipeline.toFixed(2)} ${r.screenshotOverPipeline >= MIN_SCREENSHOT_OVER_PIPELINE ? 'ok' : `< ${MIN_SCREENSHOT_OVER_PIPELINE}`}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  process.stdout.write(`ms per frame (lower is faster)\n${fmt(head)}\n${lines.map(fmt).join('\n')}\n`);
  return EXIT.ok;
}
