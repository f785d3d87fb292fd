import { availableParallelism, freemem } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { DEFAULT_CACHE_MAX_SIZE } from '../../node/cache/prune.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { defaultJobs } from '../../core/render/default-jobs.ts';
import { parseShard } from '../../core/shard/shard-scenes.ts';
import type { CaptureMethod, FrameFormat } from '../../node/browser/capture-frame.ts';
import { SCENE_SETTING_OPTIONS, sceneSettingsOf } from '../scene-options.ts';
import { declareOptions, integerIn, numberIn, oneOf, parseOptions, text, type OptionSpec } from '../option-spec.ts';

const CAPTURES = ['auto', 'canvas', 'beginframe', 'screenshot'] as const;
const FORMATS = ['auto', 'png', 'jpeg'] as const;

/** `eye render`'s options, each declared once (flag, doc, default, validator): --help and parsing both read this. */
export const RENDER_OPTIONS = {
  ...SCENE_SETTING_OPTIONS,
  out: { flags: '--out <dir>', doc: 'where scene folders are written', default: resolve(projectRoot(), 'proof'), defaultText: 'proof/', parse: text },
  json: { flags: '--json', doc: 'print the summaries as JSON on stdout', default: false },
  jobs: {
    flags: '--jobs <n>',
    doc: 'scenes rendered at once, each in its own browser, 1 to 8',
    default: defaultJobs(availableParallelism(), freemem()),
    defaultText: 'one per core, as memory allows',
    parse: integerIn(1, 8),
  },
  capture: {
    flags: '--capture <how>',
    doc: `frame capture: ${CAPTURES.join(', ')} (auto: the canvas's own pixels if the page can encode them, else beginFrame if the start-up probe finds it, else screenshot)`,
    default: 'auto',
    parse: oneOf(CAPTURES),
  },
  format: { flags: '--format <fmt>', doc: `image format from Chromium to ffmpeg: ${FORMATS.join(', ')} (auto: jpeg for the colour film)`, default: 'auto', parse: oneOf(FORMATS) },
  ledger: { flags: '--no-ledger', doc: 'do not append a line to ledger.jsonl', default: true },
  pixels: { flags: '--no-pixels', doc: 'skip the pixel path (the film is then not measured from its mask nor held to its model)', default: true },
  force: { flags: '--force', doc: 'render even scenes whose films are in the cache (and replace their entries)', default: false },
  cache: { flags: '--no-cache', doc: 'neither restore from nor store into the cache', default: true },
  cacheDir: {
    flags: '--cache-dir <dir>',
    doc: `the content-addressed cache: a scene whose scene, settings and code are unchanged is restored from it whole, not rendered; after the run it is pruned to ${DEFAULT_CACHE_MAX_SIZE} (least recently used first; eye cache prune --max-size to choose)`,
    default: resolve(projectRoot(), 'cache'),
    defaultText: 'cache/',
    parse: text,
  },
  shard: {
    flags: '--shard <i/n>',
    doc: "render only shard i of n: the scenes split into n bins balanced by frame count (longest first, ties by name); writes <out>/shard-i-of-n.json with the run's ledger line instead of appending to ledger.jsonl (eye merge joins the shards)",
    parse: (t: string) => {
      try {
        return parseShard(t);
      } catch {
        throw new RangeError('i/n with 1 ≤ i ≤ n, e.g. 2/3');
      }
    },
  },
  // A deliberately broken mask (its upper lid drawn this much low), so a test can watch the pixel check fail.
  maskLidOffsetMm: { flags: '--mask-lid-offset-mm <mm>', doc: 'the mask\'s upper lid drawn this many mm low', default: 0, parse: numberIn(-20, 20), hidden: true },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye render [scene…]`: films, traces and summaries into proof/<scene>/. */
export function registerRender(program: Command): void {
  const cmd = program
    .command('render')
    .description(
      "Render scenes in headless Chromium frame by frame into proof/<scene>/ (film.mp4, trace.json, pixels.json, assertions.json, summary.json), measuring every frame from its mask pass; exits 1 when a film's pixels disagree with its model. No scene named: every scene under scenes/.",
    )
    .argument('[scenes...]', 'scene names (1970-script) or paths to scene files');
  declareOptions(cmd, RENDER_OPTIONS).action(async (names: string[], raw: Record<string, unknown>) => {
    const o = parseOptions(RENDER_OPTIONS, raw);
    const capture = o.capture === 'beginframe' ? 'beginFrame' : (o.capture as 'auto' | CaptureMethod);
    // The implementation is loaded when the command runs, not when the CLI starts (every command's start-up pays for what it imports).
    const { runRender } = await import('../../node/render/run-render.ts');
    process.exitCode = await runRender(
      names,
      {
        settings: sceneSettingsOf(o),
        out: o.out as string,
        json: o.json === true,
        jobs: o.jobs as number,
        capture,
        format: o.format as 'auto' | FrameFormat,
        ledger: o.ledger !== false,
        pixels: o.pixels !== false,
        maskLidOffsetMm: o.maskLidOffsetMm as number,
        cache: o.cache !== false,
        cacheDir: o.cacheDir as string,
        force: o.force === true,
        shard: o.shard ?? null,
      },
      process.argv.slice(3),
    );
  });
}
