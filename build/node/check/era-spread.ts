import { BROW_AU_FIELDS, browMuscleSpans, filmBrowBeat, type FilmBrowBeat } from '../../measure/face/film-brow-beat.ts';
import { BROW_NODE_FIELDS } from '../../model/types.ts';
import { stepsAtFrame } from '../../model/time/clock.ts';
import { writeFileAtomic } from '../io/write-file-atomic.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeHashSync } from '../cache/code-hash.ts';
import { simulate } from '../../model/player.ts';
import { filmMetrics, filmSignal, type FilmMetrics } from '../../measure/film-metrics.ts';
import { spreadOf, withinSpread, type Spread, type SpreadVerdict } from '../../measure/film-spread.ts';
import { DEFAULT_PARAMS, type DetectorParams } from '../../measure/params.ts';
import type { Scene } from '../../scene/scene.ts';
import type { CheckJob, CheckJobResult } from './check-job.ts';
import { runCheckJobs } from './check-pool.ts';
import { projectRoot } from '../io/project-root.ts';

/**
 * The spread a proof film is held to (pipeline.md: "each film's pixel-measured numbers lie inside its
 * era's 10th–90th percentile range over 20-s windows of the long run"), for one scene: its era, mode,
 * preset, calm, fps and length.
 *
 * - A scene whose behaviour does not change with time (one era, no pointer track) is measured over
 *   windows of its own length (20 s by default) cut from `eye check`'s long runs: 3 seeds × 10 min,
 *   sampled at the scene's fps frame by frame, as its film shows them (90 films).
 * - A scene with a timeline (a tour's cuts, a pointer track) is only like itself from its start: its
 *   spread is over 30 seeds of the whole scene.
 *
 * The long runs use the reference seeds 1, 2, 3 …, never the scene's own: the spread belongs to the
 * era, and a scene's seed only picks which film of it is shown (so re-seeding a scene does not move
 * the bar it is held to). `eye check` computes the script scenes' spreads from its own runs and caches
 * them; anything else is computed here on first use (~2–3 s of CPU) and cached under cache/spread/,
 * keyed by a hash of the scene's behaviour, the plan, the detector parameters and the source of the
 * model and the measurement. Written whole (temp + rename).
 */
export const SPREAD_SEED_BASE = 1;
export const SPREAD_SEEDS = 3;
export const SPREAD_MINUTES = 10;
/** Seeds for a scene with a timeline (one film each). */
export const SPREAD_TIMELINE_SEEDS = 30;

export interface SpreadPlan {
  method: 'windows' | 'seeds';
  seeds: number[];
  /** Scene time simulated per seed, s. */
  runS: number;
  windowS: number;
  fps: number;
}

export interface EraSpread {
  scene: string;
  era: string;
  mode: string;
  preset: string;
  calm: boolean;
  plan: SpreadPlan;
  /** Films the spread was taken over. */
  films: number;
  spread: Spread;
  key: string;
}

/** A scene with a timeline (tour cuts or a pointer track) is compared with itself at other seeds. */
export function hasTimeline(scene: Scene): boolean {
  return scene.tour.length > 0 || scene.pointer.length > 0;
}

export function spreadPlan(scene: Scene, minutes = SPREAD_MINUTES, seeds = SPREAD_SEEDS): SpreadPlan {
  const base = { windowS: scene.durationS, fps: scene.fps };
  if (hasTimeline(scene)) {
    return { method: 'seeds', seeds: Array.from({ length: SPREAD_TIMELINE_SEEDS }, (_, k) => SPREAD_SEED_BASE + k), runS: scene.durationS, ...base };
  }
  return { method: 'windows', seeds: Array.from({ length: seeds }, (_, k) => SPREAD_SEED_BASE + k), runS: minutes * 60, ...base };
}

/**
 * A hash of the code the spread runs: era-spread.ts and the check worker that simulates and measures
 * the long runs, with everything they import (the model, the scene rules, the measurement), as the
 * bundle they make (codeHashSync: comments and unreachable code left out, so an edit of a comment in
 * the model keeps every spread).
 */
function sourceHash(): string {
  return codeHashSync(projectRoot(), ['build/node/check/era-spread.ts', 'build/node/check/check-worker.ts', 'build/node/check/check-job.ts']).hash;
}

/** What a scene's spread depends on: its behaviour (not its name, seed, size or length beyond the window). */
export function spreadKey(scene: Scene, plan: SpreadPlan, params: DetectorParams): string {
  const { era, tour, mode, preset, calm, reducedMotion, pointer, overrides } = scene;
  const what = { era, tour, mode, preset, calm, reducedMotion, pointer, overrides, plan, params, code: sourceHash() };
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

/** The check jobs whose runs the spread is taken over (no detection rates: films only). */
export function spreadJobs(scene: Scene, plan: SpreadPlan, params: DetectorParams): CheckJob[] {
  return plan.seeds.map((seed) => ({ scene, seed, durationS: plan.runS, params, ratesHz: [], films: { fps: plan.fps, windowS: plan.windowS } }));
}

/** The spread from finished runs (`eye check` passes its own). */
export function spreadFromRuns(scene: Scene, plan: SpreadPlan, params: DetectorParams, runs: readonly CheckJobResult[]): EraSpread {
  const films = runs.flatMap((r) => r.films);
  return {
    scene: scene.name,
    era: scene.era,
    mode: scene.mode,
    preset: scene.preset,
    calm: scene.calm,
    plan,
    films: films.length,
    spread: spreadOf(films),
    key: spreadKey(scene, plan, params),
  };
}

export interface EraSpreadOptions {
  params?: DetectorParams;
  /** Worker threads when it has to be computed (default 1: the render runs its own work beside it). */
  jobs?: number;
  /** Ignore and overwrite the cache. */
  fresh?: boolean;
}

/** The spread a film of `scene` is held to: from the cache, or computed and cached. */
export async function eraSpread(scene: Scene, opts: EraSpreadOptions = {}): Promise<EraSpread> {
  const params = opts.params ?? DEFAULT_PARAMS;
  const plan = spreadPlan(scene);
  const key = spreadKey(scene, plan, params);
  const cached = opts.fresh ? null : readCachedSpread(key);
  if (cached) return cached;
  const runs = await runCheckJobs(spreadJobs(scene, plan, params), opts.jobs ?? 1);
  const s = spreadFromRuns(scene, plan, params, runs);
  writeCachedSpread(s);
  return s;
}

/** A scene's model film against its spread. */
export interface FilmCheck {
  scene: string;
  seed: number;
  metrics: FilmMetrics;
  /** The brow's beat after the eye lands, read from the model at the film's frames as from a film's pixels. */
  browBeat: FilmBrowBeat;
  spread: EraSpread;
  verdicts: SpreadVerdict[];
}

export function checkFilm(scene: Scene, spread: EraSpread, params: DetectorParams = DEFAULT_PARAMS): FilmCheck {
  const trace = simulate(scene, scene.durationS);
  const frames = Math.round(scene.durationS * scene.fps);
  const signal = filmSignal(trace, scene.fps, 0, frames);
  const metrics = filmMetrics(signal, params);
  const nodes = BROW_NODE_FIELDS.map((f) => Float64Array.from({ length: frames }, (_, k) => trace.columns[f][stepsAtFrame(k, scene.fps)]));
  const feelings = browMuscleSpans(trace.columns.tMs, BROW_AU_FIELDS.map((f) => trace.columns[f]));
  return { scene: scene.name, seed: scene.seed, metrics, browBeat: filmBrowBeat(signal, nodes, params, feelings), spread, verdicts: withinSpread(metrics, spread.spread) };
}
