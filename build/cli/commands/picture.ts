import { resolve } from 'node:path';
import type { Command } from 'commander';
import { PICTURE_LIMITS } from '../../measure/picture/picture-limits.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { SCENE_SETTING_OPTIONS, sceneSettingsOf } from '../../options/scene-settings.ts';
import { declareOptions, integerIn, parseOptions, text, type OptionSpec } from '../option-spec.ts';

/** `eye picture`'s options, each declared once (flag, doc, default, validator). */
export const PICTURE_OPTIONS = {
  ...SCENE_SETTING_OPTIONS,
  stride: { flags: '--stride <n>', doc: 'check edges and top rows on every n-th frame, 1 to 1000 (blink frames and their open frames always)', default: 1, parse: integerIn(1, 1000) },
  maskStride: { flags: '--mask-stride <n>', doc: "read the mask pass's top rows every n-th frame, 1 to 100000 (and at each blink's open frame)", default: 10, parse: integerIn(1, 100000) },
  out: { flags: '--out <dir>', doc: 'where <scene>.json is written', default: resolve(projectRoot(), 'proof', 'picture'), defaultText: 'proof/picture', parse: text },
  json: { flags: '--json', doc: 'print the reports as JSON on stdout', default: false },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye picture [scene…]`: the picture test of eye.md §11 on losslessly captured frames. */
export function registerPicture(program: Command): void {
  const cmd = program
    .command('picture')
    .description(
      'The picture test (eye.md §11): render each scene\'s colour and mask passes losslessly and check every frame: no straight vertical edge over ' +
        `${PICTURE_LIMITS.maxVerticalEdgeMm} mm; during each blink the skin outside the eye's outline stays as it was (blurred luma change p99 ≤ ` +
        `${PICTURE_LIMITS.skinChangeP99Levels}, max ≤ ${PICTURE_LIMITS.skinChangeMaxLevels} levels); no brow in the top ${PICTURE_LIMITS.topRowsMm} mm of rows. ` +
        'Writes proof/picture/<scene>.json; exit 1 when a check fails. No scene named: every scene under scenes/.',
    )
    .argument('[scenes...]', 'scene names (1970-script) or paths to scene files');
  declareOptions(cmd, PICTURE_OPTIONS).action(async (names: string[], raw: Record<string, unknown>) => {
    const o = parseOptions(PICTURE_OPTIONS, raw);
    const { runPicture } = await import('../../jobs/picture/node/run-picture.ts');
    process.exitCode = await runPicture(names, { settings: sceneSettingsOf(o), stride: o.stride, maskStride: o.maskStride, out: o.out, json: o.json === true });
  });
}
