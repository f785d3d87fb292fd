import { DEFAULT_PARAMS, type DetectorParams } from '../../../measure/params.ts';
import type { Scene } from '../../../scene/scene.ts';
import { readCachedJson, writeCachedJson } from '../../cache/node/cached-json.ts';
import type { CacheStore } from '../../cache/node/store.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import { runCheckTasks } from './check-pool.ts';
import { eraCode, erasOf } from './era-code.ts';
import { projectRoot } from '../../../node/io/project-root.ts';
import { spreadJobs, spreadPlan, type EraSpread, type SpreadPlan } from './spread-plan.ts';

export { checkFilm, hasTimeline, spreadFromRuns, spreadJobs, spreadPlan, SPREAD_MINUTES, SPREAD_SEED_BASE, SPREAD_SEEDS, SPREAD_TIMELINE_SEEDS } from './spread-plan.ts';
export type { EraSpread, FilmCheck, SpreadPlan } from './spread-plan.ts';

/**
 * The spread a proof film is held to (spread-plan.ts says over what), computed on first use (~2–3 s
 * of CPU; `eye check` computes the script scenes' from its own runs) and kept in the cache store as a
 * `spreads` entry under spreadKey, like the films and the check: the caller's --cache-dir, none with
 * --no-cache, and pruned with the rest by `eye cache prune`.
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
  return cacheKey({ kind: 'era-spread', era, tour, mode, preset, calm, reducedMotion, pointer, overrides, plan, params, code });
}

/** The spread the store holds under `key` (one that names another key is a miss). */
export function readCachedSpread(store: CacheStore, key: string): EraSpread | null {
  const hit = readCachedJson<EraSpread>(store, 'spreads', key);
  return hit && hit.value.key === key ? hit.value : null;
}

/** Store a spread under its key; a cache that cannot be written costs the next run the spread, nothing else. */
export function writeCachedSpread(store: CacheStore, s: EraSpread, warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): void {
  try {
    writeCachedJson(store, 'spreads', s.key, s.scene, s);
  } catch (err) {
    warn(`cache: ${s.scene}: its era spread not cached (${(err as Error).message.split('\n')[0]})`);
  }
}

export interface EraSpreadOptions {
  /** The cache store the spread is read from and stored into (the command's --cache-dir); null: computed, not stored (--no-cache). */
  store: CacheStore | null;
  params?: DetectorParams;
  /** Worker threads when it has to be computed (default 1: the render runs its own work beside it). */
  jobs?: number;
  /** Ignore and overwrite the cache. */
  fresh?: boolean;
}

/** The spread a film of `scene` is held to: from the cache, or computed (in the worker its key hashes) and cached. */
export async function eraSpread(scene: Scene, opts: EraSpreadOptions): Promise<EraSpread> {
  const params = opts.params ?? DEFAULT_PARAMS;
  const plan = spreadPlan(scene);
  const key = await spreadKey(scene, plan, params);
  const cached = opts.store && !opts.fresh ? readCachedSpread(opts.store, key) : null;
  if (cached) return cached;
  const code = await eraCode(projectRoot(), erasOf(scene));
  const runs = await runCheckTasks(spreadJobs(scene, plan, params).map((job) => ({ code, task: { kind: 'job' as const, job }, label: `${scene.name} seed ${job.seed}` })), opts.jobs ?? 1);
  const [s] = await runCheckTasks([{ code, task: { kind: 'spread' as const, scene, plan, runs, key }, label: `${scene.name} spread` }], 1);
  if (opts.store) writeCachedSpread(opts.store, s);
  return s;
}
