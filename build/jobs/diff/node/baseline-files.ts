import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BaselineError, baselineText, validateBaseline } from '../core/baseline-file.ts';
import type { Baseline } from '../core/scene-state.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { sceneNameProblem } from '../../../scene/scene-name.ts';
import { sceneFolderIn } from '../../../node/io/contain.ts';
import { readProofJson } from '../../report/node/read-proof-json.ts';

/** A baseline file larger than this is not one `eye approve` wrote (the 60-s tour's is ~50 KB). */
export const MAX_BASELINE_BYTES = 64 << 20;

/** `<dir>/<scene>.json`, the name held to the scene-name rule and inside dir. */
export function baselineFile(dir: string, scene: string): string {
  return `${sceneFolderIn(dir, scene, 'a baseline')}.json`;
}

/** The scenes a baseline folder holds (its `<scene>.json` files whose names are scene names); none when the folder is absent. */
export function baselineScenes(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && sceneNameProblem(f.slice(0, -5)) === null)
    .map((f) => f.slice(0, -5))
    .sort();
}

/**
 * A scene's baseline, or null when the folder has none. The file comes from a pull request: read as
 * hostile input by the proof's one strict JSON reader (read-proof-json.ts), a file that is not a
 * regular file in the folder (a link out of it is not read), too large, not JSON or not what `eye
 * approve` writes is exit 2 naming the file and the field.
 */
export function readBaseline(dir: string, scene: string): Baseline | null {
  const file = baselineFile(dir, scene);
  if (!existsSync(file)) return null;
  const remedy = `approve the scene again: eye approve ${safeText(scene)} --why …`;
  const v = readProofJson<Record<string, unknown>>(file, undefined, { maxBytes: MAX_BASELINE_BYTES, within: dir, remedy });
  try {
    return validateBaseline(v, scene);
  } catch (err) {
    if (err instanceof BaselineError) throw new CliError(EXIT.badInput, `${safeText(file)}: field "${safeText(err.field)}": expected ${safeText(err.expected)} (${remedy})`);
    throw err;
  }
}

/** Each baseline's file and text (written together by the caller: all or none). */
export function baselineFiles(dir: string, baselines: readonly Baseline[]): { path: string; text: string }[] {
  return baselines.map((b) => ({ path: baselineFile(dir, b.scene), text: baselineText(b) }));
}
