import type { SceneSettings } from '../../../scene/parse.ts';
import type { Scene } from '../../../scene/scene.ts';
import { sceneSettingsOf } from '../../../options/scene-settings.ts';
import { shardBins, type Shard } from '../../shard/core/shard-scenes.ts';
import { defaultFrameFormat } from '../../../node/browser/capture-frame.ts';
import { filmKey, type FilmCode, type FilmSettings } from '../../cache/node/film-key.ts';
import { DEFAULT_MASK_SCALE } from './pixel-proof.ts';
import { chunkPlan, type FilmChunk } from '../core/chunk-plan.ts';
import { frameCount } from '../../../model/time/clock.ts';
import type { RenderRunOptions } from './render-options.ts';

/**
 * What besides the scene and the code decides a run's films (their cache keys): the render's keys and
 * eye compare's kept-clip check both read it here.
 */
export function filmSettingsOf(flags: RenderRunOptions): FilmSettings {
  const offset = flags.maskLidOffsetMm;
  const measure = flags.pixels ? { maskScale: DEFAULT_MASK_SCALE, ...(offset === 0 ? {} : { maskUpperLidOffsetMm: offset }) } : null;
  return {
    pass: 'color',
    measure,
    // A proof film is the scene as its file says; another length or seed is a sample, its spread reported only.
    holdSpread: flags.sample !== true && flags.duration === undefined && flags.seed === undefined,
    capture: flags.capture,
    format: flags.format === 'auto' ? defaultFrameFormat('color') : flags.format,
    chunkFrames: flags.chunkFrames,
  };
}

/** The run's settings as one scene's film is made with them: its chunk length, or 0 when it is rendered in one piece. */
export function filmSettingsFor(film: FilmSettings, scene: Scene): FilmSettings {
  return { ...film, chunkFrames: filmChunks(scene, film).length > 1 ? film.chunkFrames : 0 };
}

/** The chunks a scene's film is rendered in (one: in one piece; --chunk-frames 0: every film in one piece). */
export function filmChunks(scene: Scene, film: Pick<FilmSettings, 'chunkFrames'>): FilmChunk[] {
  const frames = frameCount(scene.durationS, scene.fps);
  return film.chunkFrames === 0 ? chunkPlan(frames, { minChunkedFrames: Infinity }) : chunkPlan(frames, { chunkFrames: film.chunkFrames });
}

/** The scenes this run renders: all of them, or shard i of n's bin. */
export function scenesOfShard(scenes: Scene[], shard: Shard | undefined): Scene[] {
  return shard ? shardBins(scenes, shard.count)[shard.index - 1] : scenes;
}

/** What the cache holds, as plain data: each film entry's key and the scene it was rendered for. */
export interface CacheIndex {
  films: readonly { key: string; name: string }[];
}

/**
 * Why a scene is rendered or restored: its entry is there (cached); --force; --no-cache; no entry for
 * this scene at all (new); or entries for this scene, none under this key (changed: its scene, its
 * settings, its sample stream or the code differ from every film the cache holds for it).
 */
export type RenderReason = 'cached' | 'forced' | 'no-cache' | 'new' | 'changed';

export interface PlannedScene {
  scene: Scene;
  /** The film's cache key (null: the run uses no cache). */
  key: string | null;
  action: 'restore' | 'render';
  reason: RenderReason;
  /** The chunks a render makes it in, in order (one: in one piece). */
  chunks: FilmChunk[];
}

/** A render run as data: what will be done, before any of it is. */
export interface RenderPlan {
  /** Every scene asked for, by name, in the order asked (a shard's manifest lists them). */
  allScenes: string[];
  shard: Shard | null;
  /** This run's scenes (the shard's, by name), in the order the ledger line lists them. */
  scenes: PlannedScene[];
  /** The settings every film is made with (part of each key). */
  film: FilmSettings;
  /** Browsers started: --jobs, or fewer when there are fewer jobs (scenes, and each chunk of a chunked film). */
  browsers: number;
  /** Where the run's record goes: a shard's manifest, a line in ledger.jsonl, or nowhere (--no-ledger). */
  record: 'shard-manifest' | 'ledger' | 'none';
  /** A film whose pixels disagree with its model fails the run, or (a sample: eye compare's panels) is reported only. */
  disagreement: 'fails' | 'reported';
  /** The command-line settings (--fps --duration --size --seed) as scene fields, as a shard's manifest records them. */
  settings: SceneSettings;
  /** Print the summaries as JSON on stdout (--json). */
  json: boolean;
}

export interface RenderPlanInput {
  /** Every scene asked for, loaded and settled (settings applied). */
  scenes: Scene[];
  options: RenderRunOptions;
  /** The run's code fingerprint (null when none was needed: no cache and no shard). */
  code: FilmCode | null;
  /** What the cache holds (null: --no-cache). */
  cache: CacheIndex | null;
  /** Each of this run's scenes' sample-stream digest, by name (feedOf(scene).digest). */
  feedDigests: Readonly<Record<string, string>>;
}

/**
 * The render as a plan, a pure function of its inputs (no browser, no ffmpeg, no files): which scenes,
 * in which shard, each restored or rendered and why, with which settings. The executor carries it out;
 * a restore is still checked then (a damaged entry is a miss and the scene is rendered).
 */
export function planRender(input: RenderPlanInput): RenderPlan {
  const { options, code, cache } = input;
  const shard = options.shard ?? null;
  const film = filmSettingsOf(options);
  const keys = new Set(cache?.films.map((e) => e.key));
  const named = new Set(cache?.films.map((e) => e.name));
  const scenes = scenesOfShard(input.scenes, options.shard).map((scene): PlannedScene => {
    const key = cache && code ? filmKey(scene, input.feedDigests[scene.name], filmSettingsFor(film, scene), code) : null;
    const chunks = filmChunks(scene, film);
    if (key === null) return { scene, key, action: 'render', reason: 'no-cache', chunks };
    if (options.force) return { scene, key, action: 'render', reason: 'forced', chunks };
    if (keys.has(key)) return { scene, key, action: 'restore', reason: 'cached', chunks };
    return { scene, key, action: 'render', reason: named.has(scene.name) ? 'changed' : 'new', chunks };
  });
  return {
    allScenes: input.scenes.map((s) => s.name),
    shard,
    scenes,
    film,
    // A film rendered as chunks is that many jobs: the tour alone keeps two browsers busy.
    browsers: Math.min(options.jobs, scenes.reduce((n, p) => n + (p.action === 'render' ? p.chunks.length : 1), 0)),
    record: shard ? 'shard-manifest' : options.ledger ? 'ledger' : 'none',
    disagreement: options.sample === true ? 'reported' : 'fails',
    settings: sceneSettingsOf(options),
    json: options.json,
  };
}
