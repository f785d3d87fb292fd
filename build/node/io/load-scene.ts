import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseScene } from '../../scene/parse.ts';
import type { Scene } from '../../scene/scene.ts';
import { CliError, EXIT } from '../../errors/exit.ts';
import { projectRoot } from './project-root.ts';

export const SCENES_DIR = join(projectRoot(), 'scenes');

/** Resolve a scene argument: a path to a .json file, or a name under scenes/ (`1970-script`). */
export function resolveScenePath(arg: string): string {
  if (arg.endsWith('.json') || arg.includes('/')) return resolve(arg);
  return join(SCENES_DIR, `${arg}.json`);
}

/** Read and validate one scene file. A missing or malformed file is a bad-input error (exit 2). */
export function loadScene(arg: string): Scene {
  const file = resolveScenePath(arg);
  if (!existsSync(file)) {
    throw new CliError(EXIT.badInput, `no scene file ${file} (scenes are named like 1970-script; see scenes/)`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(EXIT.badInput, `${file}: not valid JSON: ${(err as Error).message}`);
  }
  return parseScene(raw, file, basename(file, '.json'));
}

/** The scene files' JSON Schema lives beside them (scenes/scene.schema.json); it is not a scene. */
export const SCENE_SCHEMA_NAME = 'scene.schema.json';

/** Every scene name under scenes/, sorted. */
export function listScenes(): string[] {
  return readdirSync(SCENES_DIR)
    .filter((f) => f.endsWith('.json') && f !== SCENE_SCHEMA_NAME)
    .map((f) => basename(f, '.json'))
    .sort();
}

/** Load the named scenes, or, with none named, the ones `filter` keeps. Validates all before any work. */
export function loadScenes(args: string[], filter: (name: string) => boolean = () => true): Scene[] {
  const names = args.length > 0 ? args : listScenes().filter(filter);
  return names.map(loadScene);
}
