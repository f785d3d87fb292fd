import { performance } from 'node:perf_hooks';
import type { Scene } from '../../../scene/scene.ts';
import type { Assertion } from '../../../measure/caps.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import type { Physiology } from '../core/check-physiology.ts';
import type { CheckJob, CheckJobResult } from './check-job.ts';
import { runCheckTasks, type CodedTask } from './check-pool.ts';
import { poolAccuracy, runLength, type RateAccuracy, type SceneCheck, type SceneSettings } from './check-scene.ts';
import { STIMULUS_ERAS, type StimuliPart } from './check-task.ts';
import { eraCode, erasOf, type EraCode } from './era-code.ts';
import { spreadKey, writeCachedSpread } from './era-spread.ts';
import { hasTimeline, SPREAD_SEED_BASE, spreadPlan, type EraSpread, type FilmCheck } from './spread-plan.ts';
import { readCachedJson, writeCachedJson } from '../../cache/node/cached-json.ts';
import { cacheKey } from '../../../node/io/content-key.ts';
import type { CacheStore } from '../../cache/node/store.ts';
import { projectRoot } from '../../../node/io/project-root.ts';

export { sceneKind, type RateAccuracy, type SceneCheck } from './check-scene.ts';

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
  /** Which parts were restored from the cache rather than run (scene names, and `stimuli`). */
  restored: string[];
}

/** Where the check's parts are cached, and whether to ignore what is there. */
export interface CheckCache {
  store: CacheStore;
  force: boolean;
}

/** One scene's part of the check as it is cached: its summary and the sums the whole run adds up. */
interface ScenePart {
  check: SceneCheck;
  samples: number;
  sceneSeconds: number;
  simulateMs: number;
  detectMs: number;
}

/**
 * `eye check`'s work: every scene at `seeds` reference seeds (1, 2, 3 …: the era's long run, whatever
 * seed the scene's own film uses, so re-seeding a proof film moves neither the caps' numbers nor the
 * spread it is held to) for `minutes` of scene time each, detected at each rate, scored against the
 * labels, measured and asserted. The runs are also cut into films of the scene's length at its fps:
 * their 10th–90th percentile spread is written to the cache for `eye render` (era-spread.ts).
 *
 * Each scene is one part, and the stimulus scenes one more, each keyed by what decides it: the scene,
 * the settings (not --jobs), and the code it runs, which is the check's worker cut to the part's eras
 * (era-code.ts) and is also what computes it (every part runs in a worker started from that text). So
 * a comment-only edit restores every part, an edit of one era's table entry runs that era's two
 * scenes again (and the stimuli, when it is one of STIMULUS_ERAS), and an edit of shared model or
 * measuring code runs everything. `cache` null: every part runs, nothing is stored.
 */
export async function checkScenes(scenes: Scene[], settings: CheckSettings, onProgress?: (done: number, total: number) => void, cache: CheckCache | null = null): Promise<CheckResult> {
  const t0 = performance.now();
  const { parts, stimuli: stimuliPlan } = await planCheck(scenes, settings);
  const sceneSettings = sceneSettingsOf(settings);
  const stimuliCode = stimuliPlan?.code ?? null;
  const stimuliKey = stimuliPlan?.key ?? null;
  // Every part as it was: the whole result as it was written then (its timing too, so proof/check/ is
  // byte for byte the last run's and what reads it, the report, is kept).
  const runKey = cacheKey({ kind: 'check-run', parts: parts.map((p) => p.key), stimuli: stimuliKey });
  const allNames = [...(stimuliKey ? ['stimuli'] : []), ...parts.map((p) => p.scene.name)];
  if (cache && !cache.force) {
    const whole = readCachedJson<CheckResult>(cache.store, 'checks', runKey);
    if (whole) {
      storeSpreads(cache.store, parts, whole.value.scenes);
      return { ...whole.value, restored: allNames };
    }
  }
  const restored: string[] = [];
  // The parts the cache holds are read first; the rest run together on the workers.
  const held = new Map<string, ScenePart>();
  let stimuli: StimuliPart | null = null;
  if (cache && !cache.force) {
    for (const p of parts) {
      const hit = readCachedJson<ScenePart>(cache.store, 'checks', p.key);
      if (hit) held.set(p.key, hit.value);
    }
    if (stimuliKey) stimuli = readCachedJson<StimuliPart>(cache.store, 'checks', stimuliKey)?.value ?? null;
  }
  const toRun = parts.filter((p) => !held.has(p.key));
  const jobTasks: CodedTask<{ kind: 'job'; job: CheckJob }>[] = toRun.flatMap((p) => jobsOf(p.scene, settings).map((job) => ({ code: p.code, task: { kind: 'job' as const, job }, label: `${p.scene.name} seed ${job.seed}` })));
  const total = jobTasks.length + (stimuliCode && !stimuli ? 1 : 0);
  let done = 0;
  const tick = () => onProgress?.(++done, total);
  // The stimuli are short: run beside the scenes' long runs, on a worker of their own code.
  const stimuliRun = stimuliCode && !stimuli ? runCheckTasks([{ code: stimuliCode, task: { kind: 'stimuli' as const, params: settings.params }, label: 'the stimulus scenes' }], 1).then(([r]) => (tick(), r)) : null;
  const runs = await runCheckTasks(jobTasks, Math.max(1, settings.jobs - (stimuliRun ? 1 : 0)), tick);
  const summaries = await runCheckTasks(
    toRun.map((p) => ({ code: p.code, task: { kind: 'scene' as const, scene: p.scene, settings: sceneSettings, runs: runs.filter((r, i) => jobTasks[i].task.job.scene === p.scene), spreadKey: p.spread }, label: `${p.scene.name} summary` })),
    settings.jobs,
  );
  toRun.forEach((p, i) => {
    const mine = runs.filter((_, j) => jobTasks[j].task.job.scene === p.scene);
    const part: ScenePart = {
      check: summaries[i],
      samples: mine.reduce((n, r) => n + r.samples, 0),
      sceneSeconds: jobsOf(p.scene, settings).reduce((s, j) => s + j.durationS, 0),
      simulateMs: mine.reduce((s, r) => s + r.simulateMs, 0),
      detectMs: mine.reduce((s, r) => s + r.detectMs, 0),
    };
    held.set(p.key, part);
    storePart(cache, p.key, p.scene.name, part);
  });
  if (stimuliRun) {
    stimuli = await stimuliRun;
    storePart(cache, stimuliKey!, 'stimuli', stimuli);
  } else if (stimuli) restored.push('stimuli');
  for (const p of parts) if (!toRun.includes(p)) restored.push(p.scene.name);
  const sceneParts = parts.map((p) => held.get(p.key)!);
  const sceneChecks = sceneParts.map((s) => s.check);
  if (cache) storeSpreads(cache.store, parts, sceneChecks);
  const assertions = [...sceneChecks.flatMap((s) => s.assertions), ...(stimuli?.assertions ?? [])];
  const failed = assertions.filter((a) => !a.pass);
  const result: CheckResult = {
    scenes: sceneChecks,
    films: [],
    physiology: stimuli?.physiology ?? null,
    face: stimuli?.face ?? [],
    assertions,
    failed,
    pass: failed.length === 0,
    accuracy: settings.ratesHz.map((_, i) => poolAccuracy(sceneChecks.map((s) => ({ hz: s.accuracy[i].hz, accuracy: s.accuracy[i] })))),
    samples: sceneParts.reduce((n, s) => n + s.samples, 0),
    sceneSeconds: sceneParts.reduce((n, s) => n + s.sceneSeconds, 0),
    wallMs: performance.now() - t0,
    simulateMs: sceneParts.reduce((n, s) => n + s.simulateMs, 0),
    detectMs: sceneParts.reduce((n, s) => n + s.detectMs, 0),
    restored,
  };
  storePart(cache, runKey, 'run', { ...result, restored: [] });
  return result;
}

/**
 * The spreads `eye render` holds films to, from these runs (restored ones were stored when they ran,
 * and again here: an entry pruned since comes back). Each is stored under its part's spread key as
 * computed now: a part decides its spread (the same scene, settings and code), and one restored from
 * an older eye may carry a key of another form.
 */
function storeSpreads(store: CacheStore, parts: readonly CheckPart[], checks: readonly { spread?: EraSpread | null }[]): void {
  checks.forEach((c, i) => {
    const key = parts[i].spread;
    if (c.spread && key) writeCachedSpread(store, { ...c.spread, key });
  });
}

/** One part of the check: what it runs (its code) and what it is cached under. */
export interface CheckPart {
  scene: Scene;
  code: EraCode;
  /** The scene's era spread's key (null: a scene with no spread). */
  spread: string | null;
  key: string;
}

/** What decides a scene's part besides the scene and its code: the settings less --jobs and the stimuli switch. */
function sceneSettingsOf(settings: CheckSettings): SceneSettings {
  const { jobs: _threads, physiology: _stimuli, ...rest } = settings;
  return rest;
}

/**
 * The check's parts and their keys, before anything runs (the key tests read them for edited trees):
 * a scene's key is the scene, the settings and the hash of its era-cut worker; the stimuli's the
 * detector parameters and the hash of the worker cut to STIMULUS_ERAS.
 */
export async function planCheck(scenes: readonly Scene[], settings: CheckSettings): Promise<{ parts: CheckPart[]; stimuli: { code: EraCode; key: string } | null }> {
  const root = projectRoot();
  const sceneSettings = sceneSettingsOf(settings);
  const parts = await Promise.all(
    scenes.map(async (scene) => {
      const code = await eraCode(root, erasOf(scene));
      const spread = !scene.reducedMotion && !hasTimeline(scene) ? await spreadKey(scene, spreadPlan(scene, settings.minutes, settings.seeds), settings.params) : null;
      return { scene, code, spread, key: cacheKey({ kind: 'check-scene', scene, settings: sceneSettings, code: code.hash }) };
    }),
  );
  if (!settings.physiology) return { parts, stimuli: null };
  const code = await eraCode(root, STIMULUS_ERAS);
  return { parts, stimuli: { code, key: cacheKey({ kind: 'check-stimuli', params: settings.params, code: code.hash }) } };
}

/** A scene's long runs: one job per reference seed. */
function jobsOf(scene: Scene, settings: CheckSettings): CheckJob[] {
  const { seeds, minutes } = runLength(scene, settings);
  return Array.from({ length: seeds }, (_, k) => ({
    scene,
    seed: SPREAD_SEED_BASE + k,
    durationS: minutes * 60,
    params: settings.params,
    ratesHz: settings.ratesHz,
    ...(scene.reducedMotion ? {} : { films: { fps: scene.fps, windowS: scene.durationS } }),
  }));
}

/** A part that ran, stored under its key (a cache that cannot be written costs the next run the part, nothing else). */
function storePart(cache: CheckCache | null, key: string, name: string, value: unknown): void {
  if (!cache) return;
  try {
    writeCachedJson(cache.store, 'checks', key, `check ${name}`, value);
  } catch (err) {
    process.stderr.write(`eye check: ${name}: not cached (${(err as Error).message.split('\n')[0]})\n`);
  }
}

export type { CheckJobResult };
