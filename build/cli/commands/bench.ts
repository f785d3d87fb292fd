import type { Command } from 'commander';
import { DEFAULT_X264_THREADS } from '../../node/ffmpeg/ffmpeg-args.ts';
import { declareOptions, integerIn, listOf, parseOptions, size, text, type OptionSpec } from '../option-spec.ts';

/** `eye bench`'s options, each declared once (flag, doc, default, validator). */
export const BENCH_OPTIONS = {
  size: { flags: '--size <list>', doc: 'comma-separated sizes WxH', default: [size('1280x720'), size('1440x900')], defaultText: '1280x720,1440x900', parse: listOf(size, 'sizes WxH') },
  frames: { flags: '--frames <n>', doc: 'frames per mode, 10 to 1800', default: 90, parse: integerIn(10, 1800) },
  repeat: {
    flags: '--repeat <n>',
    doc: "full passes per size, 1 to 9: each timing is the median of its passes and the ratios are the medians' (a machine's slow spell then lands in one pass, not in one mode); with --drawing-only, the fastest pass and the median",
    default: 1,
    parse: integerIn(1, 9),
  },
  scene: { flags: '--scene <name>', doc: 'the scene to film', default: '1970-script', parse: text },
  x264Threads: {
    flags: '--x264-threads <list>',
    doc: "x264 threads to compare, comma-separated, 0 to 64 (0 = x264's choice); the first is used for the ratios",
    default: [DEFAULT_X264_THREADS],
    defaultText: `${DEFAULT_X264_THREADS}: the films' setting`,
    parse: listOf(integerIn(0, 64), 'integers from 0 to 64'),
  },
  against: {
    flags: '--against <dir>',
    doc: "another calm-eye checkout (e.g. main's) whose pipeline's CPU breakdown is timed beside this tree's in the same run, the two alternating pass by pass",
    default: null as string | null,
    defaultText: "none: this tree's breakdown only",
    parse: text,
  },
  breakdownOnly: { flags: '--breakdown-only', doc: "time only the CPU breakdown per frame (drawing, mask, in-page encode, transfer, ffmpeg's decode, conversion and x264), not every floor", default: false },
  drawingOnly: {
    flags: '--drawing-only',
    doc: "time only the colour drawing, in the page (frames 1…n, each then read back one pixel), each tree in its own browser and their passes interleaved; prints the fastest pass (the cost: a busy machine only slows a pass) and the median, and with --against the multiple",
    default: false,
  },
  json: { flags: '--json', doc: 'print the rows as JSON on stdout', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye bench`: ms per frame of the pipeline and its parts, wall and CPU, side by side, in one run. */
export function registerBench(program: Command): void {
  const cmd = program
    .command('bench')
    .description(
      "Time the render pipeline against its floors, per frame, wall and CPU (Node + browser + ffmpeg), in one run: the page's drawing alone; each capture path (the canvas's own pixels as JPEG and PNG, beginFrame, captureScreenshot) on a still page and on the eye; encode alone (zscale and swscale); the full pipeline; a plain page.screenshot loop; and their ratios.",
    );
  declareOptions(cmd, BENCH_OPTIONS).action(async (raw: Record<string, unknown>) => {
    const o = parseOptions(BENCH_OPTIONS, raw);
    const { runBench } = await import('../../jobs/bench/node/run-bench.ts');
    process.exitCode = await runBench({ sizes: o.size, frames: o.frames, scene: o.scene, threads: o.x264Threads, repeat: o.repeat, json: o.json === true, against: o.against, breakdownOnly: o.breakdownOnly === true, drawingOnly: o.drawingOnly === true });
  });
}
