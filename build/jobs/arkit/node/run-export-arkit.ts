import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { arkitCsv } from '../core/arkit-csv.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { GAZE_RIG } from '../../../spec/eye-spec.ts';
import { VISITOR_DISTANCE_CM } from '../../../model/pointer/pointer-gaze.ts';
import { simulate } from '../../../model/player.ts';
import { frameCount } from '../../../model/time/clock.ts';
import { withSettings, type SceneSettings } from '../../../scene/parse.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { outputFile } from '../../../node/io/contain.ts';
import { loadScene } from '../../../node/io/load-scene.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';

/** Where a scene's take goes unless --out says: beside the other proofs, one file a scene. */
export const defaultArkitOut = (sceneName: string): string => join(projectRoot(), 'proof', 'arkit', `${sceneName}.csv`);

export interface ExportArkitResult {
  scene: string;
  out: string;
  frames: number;
  fps: number;
  durationS: number;
  seed: number;
  /** The gaze layers' easing τ used, s. */
  smoothingS: number;
}

/**
 * `eye export-arkit SCENE`: the scene simulated in Node (no browser; the same model the page draws),
 * through the layered gaze rig, written as a Live Link Face–style CSV. The look-at plane is the
 * visitor's: the eye looks out at someone ~60 cm away (pointer-gaze.ts). The output folder is checked
 * before the simulation, and the file is written whole or not at all (a temporary name, then renamed).
 */
export function runExportArkit(sceneArg: string, settings: SceneSettings, outArg?: string, smoothingS: number = GAZE_RIG.smoothingTauS): ExportArkitResult {
  const scene = withSettings(loadScene(sceneArg), settings);
  const out = outArg === undefined ? defaultArkitOut(scene.name) : resolve(outArg);
  if (existsSync(out) && statSync(out).isDirectory()) throw new CliError(EXIT.badInput, `--out ${out} is a folder; name the CSV file to write`);
  // First, before even the folder's probe file: a device node or a symlink at --out is not replaced (exit 3).
  outputFile(out);
  ensureOutDir(dirname(out));
  const trace = simulate(scene);
  const csv = arkitCsv(trace, { fps: scene.fps, durationS: scene.durationS, lookAtDistanceCm: VISITOR_DISTANCE_CM, tauS: smoothingS });
  writeFileAtomic(out, csv);
  return { scene: scene.name, out, frames: frameCount(scene.durationS, scene.fps), fps: scene.fps, durationS: scene.durationS, seed: scene.seed, smoothingS };
}
