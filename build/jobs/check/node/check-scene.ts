import type { Scene } from '../../../scene/scene.ts';
import { ERA_BLINK_MEAN_S } from '../../../model/eras/era-blink.ts';
import { calmAssertions, type Assertion, type SceneKind } from '../../../measure/caps.ts';
import { calmMetrics, type CalmMetrics } from '../../../measure/calm-metrics.ts';
import { closedFixationsMs } from '../../../measure/closed-fixations.ts';
import { fixationBins, type FixationBins } from '../../../measure/fixation-bins.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import { scoreCounts, type Score } from '../../../measure/score.ts';
import type { TraceStats } from '../../../measure/trace-stats.ts';
import type { DetectorAccuracy } from '../../../measure/truth-score.ts';
import type { CheckJobResult } from './check-job.ts';
import { filmAssertions } from './check-films.ts';
import { checkFilm, hasTimeline, spreadFromRuns, spreadPlan, type EraSpread, type FilmCheck } from './spread-plan.ts';

/** What decides one scene's part of the check besides the scene and the code (not --jobs). */
export interface SceneSettings {
  minutes: number;
  seeds: number;
  params: DetectorParams;
  ratesHz: number[];
  films?: boolean;
}

/** Detector accuracy per event type, pooled over seeds, at one sampling rate. */
export interface RateAccuracy {
  hz: number;
  saccade: Score;
  microsaccade: Score;
  blink: Score;
  /** Truth events no sample shows (inside a blink), left out of the scores. */
  hidden: { saccade: number; microsaccade: number };
}

export interface SceneCheck {
  scene: string;
  era: string;
  kind: SceneKind;
  seeds: number[];
  minutesPerSeed: number;
  configuredBlinkMeanS: number | null;
  /** Measured at the first rate (the trace's 240 Hz). */
  metrics: CalmMetrics;
  /** The same metrics measured at each rate. */
  metricsByRate: { hz: number; metrics: CalmMetrics }[];
  stats: TraceStats;
  /** The spread of the scene's films over windows of the long runs (null under reduced motion). */
  spread: EraSpread | null;
  /** The scene's own film against that spread (with `films`). */
  film: FilmCheck | null;
  /**
   * An era script scene's detected fixation durations over its long runs (every seed, at the first
   * rate, closed on both sides), in fine bins: what the report plots against the configured gamma.
   * null for other scenes.
   */
  fixations: { hz: number; bins: FixationBins } | null;
  /** Bell's phenomenon as the detector measured it, degrees up per unit closure (mean over seeds). */
  bellDegPerClosure: number | null;
  accuracy: RateAccuracy[];
  assertions: Assertion[];
  pass: boolean;
}

/**
 * How long each scene runs. A reduced-motion scene's clock is frozen, so every frame is the first one
 * by construction: one minute at one seed shows it as well as thirty would.
 */
export function runLength(scene: Scene, settings: Pick<SceneSettings, 'minutes' | 'seeds'>): { seeds: number; minutes: number } {
  return scene.reducedMotion ? { seeds: 1, minutes: Math.min(1, settings.minutes) } : { seeds: settings.seeds, minutes: settings.minutes };
}

/** Which caps a scene gets. */
export function sceneKind(scene: Scene): SceneKind {
  return scene.reducedMotion ? 'reduced' : scene.mode === 'script' ? 'script' : 'rest';
}

/**
 * One scene's part of the check from its runs (every seed): its metrics at each rate, caps, accuracy,
 * fixation bins, its era spread (under `spreadKey`, which the caller computed) and, with `films`, its
 * own film against that spread. Runs inside the check's workers (check-task.ts), from the code its
 * cache key hashes.
 */
export function summarizeScene(scene: Scene, settings: SceneSettings, runs: CheckJobResult[], spreadKey: string | null): SceneCheck {
  const kind = sceneKind(scene);
  const metricsByRate = settings.ratesHz.map((_, i) => ({ hz: runs[0].byRate[i].hz, metrics: calmMetrics(runs.map((r) => r.byRate[i].detection)) }));
  const stats = mergeStats(runs.map((r) => r.stats));
  const configuredBlinkMeanS = scene.overrides.blinkMeanS ?? ERA_BLINK_MEAN_S[scene.era] ?? null;
  const metrics = metricsByRate[0].metrics;
  const assertions = calmAssertions({ scene: scene.name, kind, metrics, stats, configuredBlinkMeanS });
  let spread: EraSpread | null = null;
  let film: FilmCheck | null = null;
  // A tour or a pointer track is like itself only from its start: its spread is over seeds (era-spread.ts).
  if (!scene.reducedMotion && !hasTimeline(scene)) {
    const plan = spreadPlan(scene, settings.minutes, settings.seeds);
    if (spreadKey === null) throw new RangeError(`${scene.name}: a scene with a spread needs its spread's key`);
    spread = spreadFromRuns(scene, plan, runs, spreadKey);
    if (settings.films) {
      film = checkFilm(scene, spread, settings.params);
      assertions.push(...filmAssertions(film));
    }
  }
  return {
    scene: scene.name,
    era: scene.era,
    kind,
    seeds: runs.map((r) => r.seed),
    minutesPerSeed: runLength(scene, settings).minutes,
    configuredBlinkMeanS,
    metrics,
    metricsByRate,
    stats,
    spread,
    film,
    fixations: kind === 'script' ? { hz: runs[0].byRate[0].hz, bins: fixationBins(runs.flatMap((r) => closedFixationsMs(r.byRate[0].detection))) } : null,
    bellDegPerClosure: bellOf(runs),
    accuracy: settings.ratesHz.map((_, i) => poolAccuracy(runs.map((r) => r.byRate[i]))),
    assertions,
    pass: assertions.every((a) => a.pass),
  };
}

function bellOf(runs: CheckJobResult[]): number | null {
  const gains = runs.map((r) => r.byRate[0].detection.bell).filter((b) => b.samples > 0);
  return gains.length ? gains.reduce((s, b) => s + b.yDegPerClosure, 0) / gains.length : null;
}

/** Accuracy pooled by summing counts: over runs, or over scenes' pooled accuracies (the same sums). */
export function poolAccuracy(rs: { hz: number; accuracy: Pick<DetectorAccuracy, 'saccade' | 'microsaccade' | 'blink' | 'hidden'> }[]): RateAccuracy {
  const pool = (key: 'saccade' | 'microsaccade' | 'blink') => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const r of rs) {
      tp += r.accuracy[key].truePositives;
      fp += r.accuracy[key].falsePositives;
      fn += r.accuracy[key].falseNegatives;
    }
    return scoreCounts(tp, fp, fn);
  };
  return {
    hz: rs[0]?.hz ?? NaN,
    saccade: pool('saccade'),
    microsaccade: pool('microsaccade'),
    blink: pool('blink'),
    hidden: {
      saccade: rs.reduce((n, r) => n + r.accuracy.hidden.saccade, 0),
      microsaccade: rs.reduce((n, r) => n + r.accuracy.hidden.microsaccade, 0),
    },
  };
}

function mergeStats(all: TraceStats[]): TraceStats {
  return {
    wobbleMaxMm: Math.max(...all.map((s) => s.wobbleMaxMm)),
    wobbleLongestAtClampMs: Math.max(...all.map((s) => s.wobbleLongestAtClampMs)),
    frameScaleMaxDeviation: Math.max(...all.map((s) => s.frameScaleMaxDeviation)),
    identicalSamples: all.every((s) => s.identicalSamples),
    pupilMeanMm: all.reduce((a, s) => a + s.pupilMeanMm, 0) / all.length,
    pupilMinMm: Math.min(...all.map((s) => s.pupilMinMm)),
    pupilMaxMm: Math.max(...all.map((s) => s.pupilMaxMm)),
  };
}
