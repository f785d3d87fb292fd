import { BROW_AU_FIELDS, browMuscleSpans, filmBrowBeat, type FilmBrowBeat } from '../../../measure/face/film-brow-beat.ts';
import { BROW_NODE_FIELDS } from '../../../model/types.ts';
import { stepsAtFrame } from '../../../model/time/clock.ts';
import { simulate } from '../../../model/player.ts';
import { filmMetrics, filmSignal, type FilmMetrics } from '../../../measure/film-metrics.ts';
import { spreadOf, withinSpread, type Spread, type SpreadVerdict } from '../../../measure/film-spread.ts';
import { DEFAULT_PARAMS, type DetectorParams } from '../../../measure/params.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { CheckJob, CheckJobResult } from './check-job.ts';

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
 * them; anything else is computed here on first use (~2–3 s of CPU) and kept in the cache store (era-spread.ts),
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

/** The check jobs whose runs the spread is taken over (no detection rates: films only). */
export function spreadJobs(scene: Scene, plan: SpreadPlan, params: DetectorParams): CheckJob[] {
  return plan.seeds.map((seed) => ({ scene, seed, durationS: plan.runS, params, ratesHz: [], films: { fps: plan.fps, windowS: plan.windowS } }));
}

/** The spread from finished runs (`eye check` passes its own), under the key its caller computed (era-spread.ts: spreadKey). */
export function spreadFromRuns(scene: Scene, plan: SpreadPlan, runs: readonly CheckJobResult[], key: string): EraSpread {
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
    key,
  };
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
