import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_WHY_CHARS } from '../core/baseline-file.ts';
import { BASELINE_SCHEMA, type Baseline } from '../core/scene-state.ts';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { sceneNameProblem } from '../../../scene/scene-name.ts';
import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { writeFilesTogether } from '../../../node/io/write-files-together.ts';
import { baselineFiles, readBaseline } from './baseline-files.ts';
import { existingCache, filmInCache } from './film-in-cache.ts';
import { treeCommit } from './git-state.ts';
import { readSceneState } from './read-scene-state.ts';

export interface ApproveOptions {
  proofDir: string;
  baselineDir: string;
  cacheDir: string;
  why: string;
}

export interface Approved {
  scene: string;
  file: string;
  frames: number;
  events: number;
  /** The baseline held these frames already (its reason is replaced). */
  unchanged: boolean;
  filmKey: string | null;
}

/** The scenes rendered in a proof folder (folders with a summary.json whose names are scene names). */
export function provenScenes(proofDir: string): string[] {
  if (!existsSync(proofDir)) return [];
  return readdirSync(proofDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && sceneNameProblem(e.name) === null && existsSync(join(proofDir, e.name, 'summary.json')))
    .map((e) => e.name)
    .sort();
}

/** A reason: non-empty after trimming, one line's worth (control characters are kept in the file, escaped when printed). */
export function checkWhy(why: string | undefined): string {
  if (why === undefined || why.trim() === '') throw new CliError(EXIT.badInput, 'eye approve needs a reason: --why "what changed and why it is right"');
  if (why.length > MAX_WHY_CHARS) throw new CliError(EXIT.badInput, `--why: expected at most ${MAX_WHY_CHARS} characters, got ${why.length}`);
  return why.trim();
}

/**
 * `eye approve`: each scene's current proof (frames, events, numbers: readSceneState) becomes its
 * baseline, with the reason and the commit, and the film's cache key when the cache holds it. Every
 * scene is read and checked before anything is written; then all files are written together.
 */
export function runApprove(names: readonly string[], o: ApproveOptions): Approved[] {
  const why = checkWhy(o.why);
  const scenes = names.length ? [...names] : provenScenes(o.proofDir);
  if (scenes.length === 0) throw new CliError(EXIT.badInput, `no rendered scenes in ${safeText(o.proofDir)} to approve (eye render first)`);
  const root = projectRoot();
  const at = treeCommit(root, o.baselineDir);
  const store = existingCache(o.cacheDir);
  const baselines: Baseline[] = [];
  const out: Approved[] = [];
  for (const scene of scenes) {
    const state = readSceneState(o.proofDir, scene);
    const before = readBaselineOrNull(o.baselineDir, scene);
    const cached = filmInCache(store, scene, state.film.digest, before?.film.digest === state.film.digest ? before.filmKey : null);
    baselines.push({ schema: BASELINE_SCHEMA, scene, why, approvedAt: at, filmKey: cached?.key ?? null, settings: state.settings, metrics: state.metrics, events: state.events, film: state.film });
    out.push({ scene, file: '', frames: state.settings.frames, events: state.events.length, unchanged: before?.film.digest === state.film.digest, filmKey: cached?.key ?? null });
  }
  ensureOutDir(o.baselineDir, '--baseline-dir');
  const files = baselineFiles(o.baselineDir, baselines);
  writeFilesTogether(files);
  return out.map((a, i) => ({ ...a, file: files[i].path }));
}

/** The old baseline, when it reads (a damaged one is being replaced: approving is how it is repaired). */
function readBaselineOrNull(dir: string, scene: string): Baseline | null {
  try {
    return readBaseline(dir, scene);
  } catch (err) {
    if (err instanceof CliError && err.exitCode === EXIT.badInput) return null;
    throw err;
  }
}
