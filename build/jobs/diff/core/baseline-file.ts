import { sceneNameProblem } from '../../../scene/scene-name.ts';
import { BASELINE_SCHEMA, type Baseline, type SceneSettings, type StateEvent, type StateMetric } from './scene-state.ts';
import { DIFF_METRICS, EVENT_KINDS, type DiffMetric, type EventKind } from './tolerances.ts';

/** A baseline file that is not what `eye approve` writes: the field and what was expected. */
export class BaselineError extends Error {
  constructor(
    readonly field: string,
    readonly expected: string,
  ) {
    super(`field "${field}": expected ${expected}`);
    this.name = 'BaselineError';
  }
}

/** Limits a hostile file could otherwise push past: 3600 s at 240 fps, one event per 240 Hz step of it. */
const MAX_FRAMES = 3600 * 240;
const MAX_EVENTS = 3600 * 240;
/** Any number a baseline holds is inside ±1e9 (an hour in ms is 3.6e6): a 1e308 is a damaged file. */
const MAX_ABS = 1e9;
export const MAX_WHY_CHARS = 2000;

const FRAME_HASH = /^[0-9a-f]{16}$/;
const DIGEST = /^[0-9a-f]{64}$/;
const COMMIT = /^[0-9a-f]{40}$/;
const FILM_KEY = /^[0-9a-f]{16,64}$/;

type Obj = Record<string, unknown>;

function object(v: unknown, field: string, keys: readonly string[]): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BaselineError(field || 'the file', 'an object');
  const o = v as Obj;
  for (const k of Object.keys(o)) if (!keys.includes(k)) throw new BaselineError(field ? `${field}.${k}` : k, `no such field (the fields are ${keys.join(', ')})`);
  for (const k of keys) if (!(k in o)) throw new BaselineError(field ? `${field}.${k}` : k, 'a value (it is missing)');
  return o;
}

function num(v: unknown, field: string, lo = -MAX_ABS, hi = MAX_ABS): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < lo || v > hi) throw new BaselineError(field, `a number from ${lo} to ${hi}`);
  return v;
}

const int = (v: unknown, field: string, lo: number, hi: number): number => {
  const n = num(v, field, lo, hi);
  if (!Number.isInteger(n)) throw new BaselineError(field, `an integer from ${lo} to ${hi}`);
  return n;
};

const numOrNull = (v: unknown, field: string): number | null => (v === null ? null : num(v, field));

function str(v: unknown, field: string, re: RegExp, what: string): string {
  if (typeof v !== 'string' || !re.test(v)) throw new BaselineError(field, what);
  return v;
}

function oneOf<T extends string>(v: unknown, field: string, options: readonly T[]): T {
  if (typeof v !== 'string' || !(options as readonly string[]).includes(v)) throw new BaselineError(field, `one of ${options.join(', ')}`);
  return v as T;
}

function settingsOf(v: unknown): SceneSettings {
  const o = object(v, 'settings', ['width', 'height', 'fps', 'durationS', 'seed', 'frames']);
  return {
    width: int(o.width, 'settings.width', 2, 7680),
    height: int(o.height, 'settings.height', 2, 4320),
    fps: int(o.fps, 'settings.fps', 1, 240),
    durationS: num(o.durationS, 'settings.durationS', 0, 3600),
    seed: int(o.seed, 'settings.seed', 0, 2 ** 31 - 1),
    frames: int(o.frames, 'settings.frames', 1, MAX_FRAMES),
  };
}

function eventOf(v: unknown, i: number): StateEvent {
  const f = `events[${i}]`;
  const o = object(v, f, ['kind', 'startS', 'durationMs', 'amplitudeDeg']);
  const kind: EventKind = oneOf(o.kind, `${f}.kind`, EVENT_KINDS);
  return { kind, startS: num(o.startS, `${f}.startS`, -1, 3600), durationMs: num(o.durationMs, `${f}.durationMs`, 0, 3.6e6), amplitudeDeg: o.amplitudeDeg === null ? null : num(o.amplitudeDeg, `${f}.amplitudeDeg`, 0, 360) };
}

function metricOf(v: unknown, i: number): StateMetric {
  const f = `metrics[${i}]`;
  const o = object(v, f, ['name', 'unit', 'value', 'p10', 'p90']);
  const name: DiffMetric = oneOf(o.name, `${f}.name`, DIFF_METRICS);
  return { name, unit: str(o.unit, `${f}.unit`, /^[\w/%°-]{1,16}$/, 'a unit of at most 16 letters'), value: numOrNull(o.value, `${f}.value`), p10: numOrNull(o.p10, `${f}.p10`), p90: numOrNull(o.p90, `${f}.p90`) };
}

function list<T>(v: unknown, field: string, max: number, each: (x: unknown, i: number) => T): T[] {
  if (!Array.isArray(v)) throw new BaselineError(field, 'an array');
  if (v.length > max) throw new BaselineError(field, `at most ${max} entries`);
  return v.map(each);
}

/**
 * A baseline file's parsed JSON, checked field by field as hostile input (it comes from a pull
 * request): every field present and no other, names that can become paths, numbers finite and in
 * range, hashes of their exact shape, one frame hash per frame. Throws BaselineError naming the field.
 */
export function validateBaseline(v: unknown, expectScene?: string): Baseline {
  const o = object(v, '', ['schema', 'scene', 'why', 'approvedAt', 'filmKey', 'settings', 'film', 'metrics', 'events']);
  if (o.schema !== BASELINE_SCHEMA) throw new BaselineError('schema', `"${BASELINE_SCHEMA}"`);
  const problem = sceneNameProblem(o.scene);
  if (problem) throw new BaselineError('scene', problem);
  const scene = o.scene as string;
  if (expectScene !== undefined && scene !== expectScene) throw new BaselineError('scene', `"${expectScene}" (the file's name)`);
  if (typeof o.why !== 'string' || o.why.trim() === '' || o.why.length > MAX_WHY_CHARS) throw new BaselineError('why', `a reason, 1 to ${MAX_WHY_CHARS} characters`);
  const at = object(o.approvedAt, 'approvedAt', ['commit', 'dirty']);
  const commit = at.commit === null ? null : str(at.commit, 'approvedAt.commit', COMMIT, 'a 40-digit commit hash or null');
  if (typeof at.dirty !== 'boolean') throw new BaselineError('approvedAt.dirty', 'true or false');
  const filmKey = o.filmKey === null ? null : str(o.filmKey, 'filmKey', FILM_KEY, 'a cache key (hex) or null');
  const settings = settingsOf(o.settings);
  const film = object(o.film, 'film', ['digest', 'frames']);
  const frames = list(film.frames, 'film.frames', MAX_FRAMES, (x, i) => str(x, `film.frames[${i}]`, FRAME_HASH, '16 hex digits'));
  if (frames.length !== settings.frames) throw new BaselineError('film.frames', `${settings.frames} frame hashes (settings.frames)`);
  return {
    schema: BASELINE_SCHEMA,
    scene,
    why: o.why,
    approvedAt: { commit, dirty: at.dirty },
    filmKey,
    settings,
    film: { digest: str(film.digest, 'film.digest', DIGEST, '64 hex digits'), frames },
    metrics: list(o.metrics, 'metrics', DIFF_METRICS.length, metricOf),
    events: list(o.events, 'events', MAX_EVENTS, eventOf),
  };
}

/**
 * The file's text, for a reviewer reading its diff in a pull request: keys in one fixed order,
 * pretty-printed, each event, metric and frame hash on a line of its own (a moved blink is one changed
 * line; a changed stretch of frames a block of changed lines).
 */
export function baselineText(b: Baseline): string {
  const j = (x: unknown) => JSON.stringify(x);
  const lines = (items: readonly string[]) => (items.length ? `[\n${items.map((s) => `    ${s}`).join(',\n')}\n  ]` : '[]');
  const s = b.settings;
  return [
    '{',
    `  "schema": ${j(b.schema)},`,
    `  "scene": ${j(b.scene)},`,
    `  "why": ${j(b.why)},`,
    `  "approvedAt": { "commit": ${j(b.approvedAt.commit)}, "dirty": ${j(b.approvedAt.dirty)} },`,
    `  "filmKey": ${j(b.filmKey)},`,
    `  "settings": { "width": ${j(s.width)}, "height": ${j(s.height)}, "fps": ${j(s.fps)}, "durationS": ${j(s.durationS)}, "seed": ${j(s.seed)}, "frames": ${j(s.frames)} },`,
    `  "metrics": ${lines(b.metrics.map((m) => `{ "name": ${j(m.name)}, "unit": ${j(m.unit)}, "value": ${j(m.value)}, "p10": ${j(m.p10)}, "p90": ${j(m.p90)} }`))},`,
    `  "events": ${lines(b.events.map((e) => `{ "kind": ${j(e.kind)}, "startS": ${j(e.startS)}, "durationMs": ${j(e.durationMs)}, "amplitudeDeg": ${j(e.amplitudeDeg)} }`))},`,
    `  "film": {`,
    `    "digest": ${j(b.film.digest)},`,
    `    "frames": ${b.film.frames.length ? `[\n${b.film.frames.map((h) => `      ${j(h)}`).join(',\n')}\n    ]` : '[]'}`,
    '  }',
    '}',
    '',
  ].join('\n');
}
