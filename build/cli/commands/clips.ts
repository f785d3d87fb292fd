import { resolve } from 'node:path';
import type { Command } from 'commander';
import { projectRoot } from '../../node/io/project-root.ts';
import { declareOptions, listOf, parseOptions, size, type OptionSpec } from '../option-spec.ts';
import { COMPARE_OPTIONS } from './compare.ts';
import { RENDER_OPTIONS } from '../../jobs/render/node/render-options.ts';

/** An era as the scene files name it. */
const era = (t: string): string => {
  if (!/^\d{4}$/.test(t)) throw new RangeError('a four-digit era');
  return t;
};

/** `eye clips`'s options, each declared once (flag, doc, default, validator). */
export const CLIPS_OPTIONS = {
  out: { flags: '--out <dir>', doc: "the clips' folder (each clip's <name>.json beside it)", default: resolve(projectRoot(), 'proof', 'compare'), defaultText: 'proof/compare/', parse: (t: string) => resolve(t) },
  // A quarter of a proof film's pixels: three panels side by side stay 1920 wide.
  size: { ...COMPARE_OPTIONS.size, doc: "every panel's render size, even integers", default: size('640x360'), defaultText: '640x360' },
  duration: { ...COMPARE_OPTIONS.duration, doc: "scene time in seconds, 0.1 to 3600 (default: each scene's own, 20 s)" },
  tileSize: { ...COMPARE_OPTIONS.panelSize, flags: '--tile-size <WxH>', doc: "each era's panel scaled to this in the eras' tile (ten panels, five across)", default: size('384x216'), defaultText: '384x216' },
  eras: { flags: '--eras <list>', doc: 'only these eras, comma-separated (e.g. 1970,2026; default: every era with a script scene)', parse: listOf(era, 'four-digit eras (1970)') },
  shard: {
    ...RENDER_OPTIONS.shard,
    doc: "make only shard i of n of the clips: split into n bins balanced by their panels (an era's clip 3, the tile one per era), the same bins on every machine; another machine joins them with --from",
  },
  from: {
    flags: '--from <dirs>',
    doc: "comma-separated folders of clips made by eye clips --shard: a clip there is taken (copied into --out) when its record names the inputs this run computes for it, its bytes match the record's sha256 and ffprobe finds it whole; any other clip is made here",
    parse: listOf((t: string) => {
      if (t === '') throw new RangeError('an empty folder name');
      return resolve(t);
    }, 'folders'),
  },
  jobs: COMPARE_OPTIONS.jobs,
  force: COMPARE_OPTIONS.force,
  cache: COMPARE_OPTIONS.cache,
  cacheDir: COMPARE_OPTIONS.cacheDir,
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye clips`: the review clips ./make.sh writes, in one process. */
export function registerClips(program: Command): void {
  const cmd = program
    .command('clips')
    .description(
      "The review clips, each made as eye compare makes one: per era script scene its none / generic / tuned side by side (from <era>-script-none and -generic when both exist, else the tuned scene as each preset at its seed), and the tuned eras tiled (eras-tuned.mp4). A clip whose panels' films, labels and code are unchanged is kept without rendering anything. Every clip is attempted; the first failure's exit code is the run's.",
    );
  declareOptions(cmd, CLIPS_OPTIONS).action(async (raw: Record<string, unknown>) => {
    const o = parseOptions(CLIPS_OPTIONS, raw);
    const { runClips } = await import('../../jobs/compare/node/run-clips.ts');
    process.exitCode = await runClips(
      {
        eras: o.eras ?? [],
        outDir: o.out,
        size: o.size,
        durationS: o.duration,
        tileSize: o.tileSize,
        shard: o.shard,
        from: o.from ?? [],
        jobs: o.jobs,
        cache: o.cache !== false,
        cacheDir: o.cacheDir,
        force: o.force === true,
      },
      process.argv.slice(3),
    );
  });
}
