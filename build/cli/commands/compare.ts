import type { Command } from 'commander';
import { resolve } from 'node:path';
import { LEDGER_FILE } from '../../jobs/ledger/node/ledger.ts';
import { MAX_PANELS } from '../../jobs/compare/core/clip-size.ts';
import type { Preset } from '../../scene/scene.ts';
import { SCENE_SETTING_OPTIONS, sceneSettingsOf } from '../../options/scene-settings.ts';
import { declareOptions, listOf, oneOf, parseOptions, size, text, type OptionSpec } from '../option-spec.ts';
import { RENDER_OPTIONS } from '../../jobs/render/node/render-options.ts';

const PRESETS = ['none', 'generic', 'tuned'] as const satisfies readonly Preset[];

/** `eye compare`'s options, each declared once (flag, doc, default, validator): --help and parsing both read this. */
export const COMPARE_OPTIONS = {
  ...SCENE_SETTING_OPTIONS,
  size: { ...SCENE_SETTING_OPTIONS.size, doc: "each panel's render size, even integers, e.g. 640x360 (default: the scenes')" },
  panelSize: {
    flags: '--panel-size <WxH>',
    doc: 'each panel scaled to this size in the clip (default: its render size)',
    parse: (t: string) => {
      const s = size(t);
      // yuv420p halves the chroma: a clip of odd panels could not be encoded.
      if (s.width % 2 || s.height % 2 || s.width < 16 || s.height < 16 || s.width > 3840 || s.height > 2160) throw new RangeError('WxH with even integers from 16x16 to 3840x2160');
      return s;
    },
  },
  rev: { flags: '--rev <rev>', doc: 'one scene at this git revision (built and rendered in a temporary worktree) beside the working tree', parse: text },
  presets: {
    flags: '--presets <list>',
    doc: `one scene as each of these presets, side by side: a comma-separated list of ${PRESETS.join(', ')}`,
    parse: listOf(oneOf(PRESETS), PRESETS.join(', ')),
  },
  out: { flags: '--out <file.mp4>', doc: 'the clip (a <name>.json beside it says what each panel measured)', defaultText: 'proof/compare/<name>.mp4', parse: text },
  json: { flags: '--json', doc: "print the clip's record (panels, labels, numbers, ffprobe verdict) as JSON on stdout", default: false },
  ledgerFile: {
    flags: '--ledger-file <path>',
    doc: "the ledger each panel's label is held against (its scene's newest render line at the panel's revision and settings)",
    default: LEDGER_FILE,
    defaultText: 'ledger.jsonl',
    parse: (t: string) => resolve(t),
  },
  jobs: { ...RENDER_OPTIONS.jobs, doc: 'panels rendered at once, each in its own browser, 1 to 8' },
  force: RENDER_OPTIONS.force,
  cache: RENDER_OPTIONS.cache,
  cacheDir: RENDER_OPTIONS.cacheDir,
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye compare A B [C]`: one clip of scenes side by side, frame for frame, each labelled with its pixel-measured numbers. */
export function registerCompare(program: Command): void {
  const cmd = program
    .command('compare')
    .description(
      `One H.264 clip of scenes side by side in frame-exact sync (2 to ${MAX_PANELS}; more than three are tiled), each panel labelled with its name and its numbers measured from its own pixels: saccades/s, microsaccades/s, mean fixation, blink interval; each label is held against the ledger's line for its scene at its revision. Or one scene at a git revision beside the working tree (--rev), or as several presets (--presets none,generic,tuned). Checked with ffprobe like a film; panels rendered as eye render renders (cached).`,
    )
    .argument('<scenes...>', 'scene names (1970-script) or paths to scene files');
  declareOptions(cmd, COMPARE_OPTIONS).action(async (names: string[], raw: Record<string, unknown>) => {
    const o = parseOptions(COMPARE_OPTIONS, raw);
    const { runCompare } = await import('../../jobs/compare/node/run-compare.ts');
    process.exitCode = await runCompare(
      names,
      {
        settings: sceneSettingsOf(o),
        panelSize: o.panelSize,
        out: o.out,
        rev: o.rev,
        presets: o.presets,
        jobs: o.jobs,
        cache: o.cache !== false,
        cacheDir: o.cacheDir,
        force: o.force === true,
        json: o.json === true,
        ledgerFile: o.ledgerFile,
      },
      process.argv.slice(3),
    );
  });
}
