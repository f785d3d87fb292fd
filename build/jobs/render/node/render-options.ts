import { availableParallelism, freemem } from 'node:os';
import { resolve } from 'node:path';
import { defaultJobs } from '../core/default-jobs.ts';
import { CHUNK_FRAMES, MIN_CHUNKED_FRAMES } from '../core/chunk-plan.ts';
import { parseShard } from '../../shard/core/shard-scenes.ts';
import { SCENE_SETTING_OPTIONS } from '../../../options/scene-settings.ts';
import { defaultsOf, integerIn, numberIn, oneOf, text, type OptionSpecs, type OptionValues } from '../../../options/validators.ts';
import { defaultFrameFormat, FRAME_FORMATS, type CaptureMethod } from '../../../node/browser/capture-frame.ts';
import { DEFAULT_CACHE_MAX_SIZE } from '../../cache/node/prune.ts';
import { projectRoot } from '../../../node/io/project-root.ts';

const CAPTURES = ['auto', 'canvas', 'beginframe', 'screenshot'] as const;
const FORMATS = ['auto', ...FRAME_FORMATS] as const;

/**
 * `eye render`'s options, each declared once (flag, doc, default, validator): --help, parsing and the
 * type the render runs with (RenderRunOptions) all read this, so a new flag is its declaration here
 * and the code that uses it. Here, not in build/cli, because the render's code is typed by it.
 */
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
    // The flag is lower case; the capture code's name for beginFrame is CDP's.
    parse: (t: string): 'auto' | CaptureMethod => {
      const how = oneOf(CAPTURES)(t);
      return how === 'beginframe' ? 'beginFrame' : how;
    },
  },
  format: { flags: '--format <fmt>', doc: `what each frame goes from Chromium to ffmpeg in: ${FORMATS.join(', ')} (auto: ${defaultFrameFormat('color')} for the colour film; i420 is the film's own samples, made in the page; the compositor captures send jpeg instead)`, default: 'auto', parse: oneOf(FORMATS) },
  chunkFrames: {
    flags: '--chunk-frames <n>',
    doc: `a film longer than ${MIN_CHUNKED_FRAMES - 1} frames (the tour) is rendered as chunks of about this many frames, each its own job on its own core, joined without re-encoding; 0: every film in one piece`,
    default: CHUNK_FRAMES,
    parse: integerIn(0, 100_000),
  },
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
} satisfies OptionSpecs;

/** What `eye render` runs with: its flags parsed (parseOptions(RENDER_OPTIONS)), and what only a caller in code sets. */
export type RenderRunOptions = OptionValues<typeof RENDER_OPTIONS> & {
  /** Every film is a sample (eye compare's panels): its era spread and its pixels' agreement with the model reported, never held. */
  sample?: boolean;
};

/** The render's options as with no flag given, with these changed (eye compare renders its panels so). */
export function renderOptionsWith(changes: Partial<RenderRunOptions>): RenderRunOptions {
  return { ...defaultsOf(RENDER_OPTIONS), ...changes };
}
