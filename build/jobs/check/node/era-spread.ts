import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PARAMS, type DetectorParams } from '../../../measure/params.ts';
import type { Scene } from '../../../scene/scene.ts';
import { runCheckTasks } from './check-pool.ts';
import { eraCode, erasOf } from './era-code.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { spreadJobs, spreadPlan, type EraSpread, type SpreadPlan } from './spread-plan.ts';

export { checkFilm, hasTimeline, spreadFromRuns, spreadJobs, spreadPlan, SPREAD_MINUTES, SPREAD_SEED_BASE, SPREAD_SEEDS, SPREAD_TIMELINE_SEEDS } from './spread-plan.ts';
export type { EraSpread, FilmCheck, SpreadPlan } from './spread-plan.ts';

/**
 * The spread a proof film is held to (spread-plan.ts says over what), computed on first use (~2–3 s
 * of CPU; `eye check` computes the script scenes' from its own runs) and cached under cache/spread/,
 * keyed by spreadKey. Written whole (temp + rename).
 */

/**
 * What a scene's spread depends on: its behaviour (not its name, seed, size or length beyond the
 * window), the plan, the detector parameters, and the code that computes it: the check's worker cut
 * to the scene's eras (era-code.ts), the very text the spread is computed by. A comment, another
 * era's entry or the renderer edited keeps the key; an edit that can change these runs changes it.
 */
export async function spreadKey(scene: Scene, plan: SpreadPlan, params: DetectorParams): Promise<string> {
  const { era, tour, mode, preset, calm, reducedMotion, pointer, overrides } = scene;
  const code = (await eraCode(projectRoot(), erasOf(scene))).hash;
  const what = { era, tour, mode, preset, calm, reducedMotion, pointer, overrides, plan, params, code };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 24);
}

function cacheFile(key: string): string {
  return join(projectRoot(), 'cache', 'spread', `${key}.json`);
}

export function readCachedSpread(key: string): EraSpread | null {
  const file = cacheFile(key);
  if (!existsSync(file)) return null;
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as EraSpread;
    return s.key === key ? s : null;
  } catch {
    return null; // a damaged entry is recomputed (entries are written whole, so this is not expected)
  }
}

export function writeCachedSpread(s: EraSpread): void {
  const file = cacheFile(s.key);
  mkdirSync(join(projectRoot(), 'cache', 'spread'), { recursive: true });
  writeFileAtomic(file, `${JSON.stringify(s, null, 2)}\n`);
}

export interface EraSpreadOptions {
  params?: DetectorParams;
  /** Worker threads when it has to be computed (default 1: the render runs its own work beside it). */
  jobs?: number;
  /** Ignore and overwrite the cache. */
  fresh?: boolean;
}

/** The spread a film of `scene` is held to: from the cache, or computed (in the worker its key hashes) and cached. */
export async function eraSpread(scene: Scene, opts: EraSpreadOptions = {}): Promise<EraSpread> {
  const params = opts.params ?? DEFAULT_PARAMS;
  const plan = spreadPlan(scene);
  const key = await spreadKey(scene, plan, params);
  const cached = opts.fresh ? null : readCachedSpread(key);
  if (cached) return cached;
  const code = await eraCode(projectRoot(), erasOf(scene));
  const runs = await runCheckTasks(spreadJobs(scene, plan, params).map((job) => ({ code, task: { kind: 'job' as const, job }, label: `${scene.name} seed ${job.seed}` })), opts.jobs ?? 1);
  const [s] = await runCheckTasks([{ code, task: { kind: 'spread' as const, scene, plan, runs, key }, label: `${scene.name} spread` }], 1);
  writeCachedSpread(s);
  return s;
}
