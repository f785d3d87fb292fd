import type { Command } from 'commander';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { GAZE_RIG } from '../../spec/eye-spec.ts';
import { declareOptions, numberIn, parseOptions, text, type OptionSpec } from '../option-spec.ts';
import { SCENE_SETTING_OPTIONS, sceneSettingsOf } from '../../options/scene-settings.ts';

/** `eye export-arkit`'s options, each declared once. */
export const EXPORT_ARKIT_OPTIONS = {
  out: { flags: '--out <file>', doc: 'the CSV to write', defaultText: 'proof/arkit/<scene>.csv', parse: text },
  duration: SCENE_SETTING_OPTIONS.duration,
  fps: SCENE_SETTING_OPTIONS.fps,
  seed: SCENE_SETTING_OPTIONS.seed,
  smoothingMs: {
    flags: '--smoothing-ms <ms>',
    doc: "each gaze layer's easing time constant τ, 0 to 1000 ms (eye.md §9's is 125 ms, which glides a saccade over ~0.4 s; 0 writes the model's own saccades)",
    default: GAZE_RIG.smoothingTauS * 1000,
    parse: numberIn(0, 1000),
  },
} satisfies Record<string, OptionSpec<unknown>>;

/** `eye export-arkit SCENE`: the scene's motion as a Live Link Face–style ARKit CSV (build/jobs/arkit/node/run-export-arkit.ts). */
export function registerExportArkit(program: Command): void {
  const cmd = program
    .command('export-arkit')
    .description(
      "Simulate a scene in Node and write its motion for avatar users as a Live Link Face-style CSV (eye.md §9): the layered gaze rig's " +
        'one shared angle as the ARKit EyeLook shapes and the eye yaw/pitch columns, EyeBlink from the opening, EyeWide/EyeSquint/CheekSquint ' +
        'and the brow shapes from the face\'s muscles; one row per frame at the scene\'s rate.',
    )
    .argument('<scene>', 'a scene name (1970-script) or a path to a scene file');
  declareOptions(cmd, EXPORT_ARKIT_OPTIONS).action(async (scene: string, raw: Record<string, unknown>) => {
    const o = parseOptions(EXPORT_ARKIT_OPTIONS, raw);
    const { runExportArkit } = await import('../../jobs/arkit/node/run-export-arkit.ts');
    const r = runExportArkit(scene, sceneSettingsOf(o), o.out, o.smoothingMs / 1000);
    writeStdout(`${r.out}: ${r.frames} frames at ${r.fps} fps (${r.durationS} s, seed ${r.seed}, gaze eased with τ ${r.smoothingS * 1000} ms)\n`);
  });
}
