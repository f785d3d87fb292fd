import { performance } from 'node:perf_hooks';
import type { Scene } from '../../scene/scene.ts';
import { ERA_BLINK_MEAN_S } from '../../model/eras/era-blink.ts';
import { calmAssertions, openingTableAssertions, type Assertion, type SceneKind } from '../../measure/caps.ts';
import { calmMetrics, type CalmMetrics } from '../../measure/calm-metrics.ts';
import { closedFixationsMs } from '../../measure/closed-fixations.ts';
import { fixationBins, type FixationBins } from '../../measure/fixation-bins.ts';
import type { DetectorParams } from '../../measure/params.ts';
import { scoreCounts, type Score } from '../../measure/score.ts';
import type { TraceStats } from '../../measure/trace-stats.ts';
import type { DetectorAccuracy } from '../../measure/truth-score.ts';
import type { CheckJob, CheckJobResult } from './check-job.ts';
import { faceAssertions, pursuitAssertions } from '../../core/check/check-face.ts';
import { measurePhysiology, OPENING_SCENE, type Physiology } from '../../core/check/check-physiology.ts';
import { runCheckJobs } from './check-pool.ts';
import { filmAssertions } from './check-films.ts';
import { checkFilm, hasTimeline, SPREAD_SEED_BASE, spreadFromRuns, spreadPlan, writeCachedSpread, type EraSpread, type FilmCheck } from './era-spread.ts';

export interface CheckSettings {
  /** Scene time per seed, minutes. */
  minutes: number;
  seeds: number;
  /** Worker threads. */
  jobs: number;
  params: DetectorParams;
  /** Rates to detect at; the first is the one the caps are measured at. */
  ratesHz: number[];
  /** Also run the stimulus scenes (pursuit glides, gaze held up and down, light steps). */
  physiology?: boolean;
  /** Hold each scene's proof film (its own seed and length, at its fps) to its spread, as assertions. */
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

export interface CheckResult {
  scenes: SceneCheck[];
  /** Proof films held to their spreads beyond the checked scenes' own (`eye check --films`: rest, tour, pointer, presets). */
  films: FilmCheck[];
  /** Pursuit gain, the opening table and pupil latency from stimulus scenes (with `physiology`). */
  physiology: Physiology | null;
  /** The face's and pursuit's assertions on their stimulus scenes (with `physiology`; also in `assertions`). */
  face: Assertion[];
  assertions: Assertion[];
  failed: Assertion[];
  pass: boolean;
  /** Accuracy over every scene, per rate. */
  accuracy: RateAccuracy[];
  samples: number;
  sceneSeconds: number;
  wallMs: number;
  /** Summed over jobs (CPU time across threads). */
  simulateMs: number;
  detectMs: number;
}

/**
 * How long each scene runs. A reduced-motion scene's clock is frozen, so every frame is the first one
 * by construction: one minute at one seed shows it as well as thirty would.
 */
function runLength(scene: Scene, settings: CheckSettings): { seeds: number; minutes: number } {
  return scene.reducedMotion ? { seeds: 1, minutes: Math.min(1, settings.minutes) } : { seeds: settings.seeds, minutes: settings.minutes };
}

/** Which caps a scene gets. */
export function sceneKind(scene: Scene): SceneKind {
  return scene.reducedMotion ? 'reduced' : scene.mode === 'script' ? 'script' : 'rest';
}

/**
 * `eye check`'s work: every scene at `seeds` reference seeds (1, 2, 3 …: the era's long run, whatever
 * seed the scene's own film uses, so re-seeding a proof film moves neither the caps' numbers nor the
 * spread it is held to) for `minutes` of scene time each, detected at each rate, scored against the
 * labels, measured and asserted. The runs are also cut into films of the scene's length at its fps:
 * their 10th–90th percentile spread is written to the cache for `eye render` (era-spread.ts).
 */
export async function runCheck(scenes: Scene[], settings: CheckSettings, onProgress?: (done: number, total: number) => void): Promise<CheckResult> {
  const t0 = performance.now();
  const jobs: CheckJob[] = scenes.flatMap((scene) => {
    const { seeds, minutes } = runLength(scene, settings);
    return Array.from({ length: seeds }, (_, k) => ({
      scene,
      seed: SPREAD_SEED_BASE + k,
      durationS: minutes * 60,
      params: settings.params,
      ratesHz: settings.ratesHz,
      ...(scene.reducedMotion ? {} : { films: { fps: scene.fps, windowS: scene.durationS } }),
    }));
  });
  const running = runCheckJobs(jobs, settings.jobs, onProgress);
  // The stimulus scenes are short: measured here while the workers run the long ones.
  const physiology = settings.physiology ? measurePhysiology(settings.params) : null;
  // The face's stimuli (eye.md §7) go with the physiology's: a few seconds, also while the workers run.
  const face = physiology ? [...pursuitAssertions(physiology), ...faceAssertions(settings.params)] : [];
  const results = await running;
  const sceneChecks = scenes.map((scene) => summarizeScene(scene, settings, results.filter((r) => r.scene === scene.name)));
  const assertions = sceneChecks.flatMap((s) => s.assertions);
  if (physiology) assertions.push(...openingTableAssertions(OPENING_SCENE, physiology.opening.measured));
  assertions.push(...face);
  const failed = assertions.filter((a) => !a.pass);
  return {
    scenes: sceneChecks,
    films: [],
    physiology,
    face,
    assertions,
    failed,
    pass: failed.length === 0,
    accuracy: settings.ratesHz.map((_, i) => poolAccuracy(results.map((r) => r.byRate[i]))),
    samples: results.reduce((n, r) => n + r.samples, 0),
    sceneSeconds: jobs.reduce((s, j) => s + j.durationS, 0),
    wallMs: performance.now() - t0,
    simulateMs: results.reduce((s, r) => s + r.simulateMs, 0),
    detectMs: results.reduce((s, r) => s + r.detectMs, 0),
  };
}

function summarizeScene(scene: Scene, settings: CheckSettings, runs: CheckJobResult[]): SceneCheck {
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
    spread = spreadFromRuns(scene, plan, settings.params, runs);
    writeCachedSpread(spread);
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

function poolAccuracy(rs: { hz: number; accuracy: DetectorAccuracy }[]): RateAccuracy {
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
