/**
 * proof/diff/diff.json as `eye diff` writes it (schema "eye-diff/1"), held strictly: the report shows
 * what it says on its first screen, and the file may come from a CI artifact or a merged branch, so
 * anything not exactly this shape is refused with the field that is wrong (never half-shown).
 */

import type { DiffResult, MetricChange, SceneDiff, Verdict } from '../../diff/core/diff-json.ts';
import type { EventChange } from '../../diff/core/match-events.ts';

export const DIFF_SCHEMA = 'eye-diff/1';

// The shapes are eye diff's own (build/jobs/diff/core/diff-json.ts, one home): this file only holds a file to them.
export type DiffVerdict = Verdict;
export const DIFF_VERDICTS: readonly DiffVerdict[] = ['unchanged', 'within', 'beyond', 'new', 'missing'];
export type DiffEventKind = EventChange['kind'];
export type DiffEventChange = EventChange['change'];
export type DiffEvent = EventChange;
export type DiffMetric = MetricChange;
export type DiffStretch = SceneDiff['stretches'][number];
export type DiffScene = SceneDiff;
export type DiffFile = DiffResult;

/** What was wrong with the file: the field (a path like scenes[2].verdict) and what it should have held. */
export class DiffFileError extends Error {
  constructor(
    readonly field: string,
    readonly expected: string,
    got: unknown,
  ) {
    super(`field ${field || '(the file)'}: expected ${expected}, got ${shortJson(got)}`);
  }
}

function shortJson(v: unknown): string {
  let t: string;
  try {
    t = v === undefined ? 'nothing' : (JSON.stringify(v) ?? String(v));
  } catch {
    t = typeof v;
  }
  return t.length > 60 ? `${t.slice(0, 57)}...` : t;
}

/** Longest text kept from the file (a scene's why, a metric's name): a page is no place for a novel. */
const MAX_TEXT = 2000;
/** Most rows of any list (scenes, events, metrics, stretches, stills): a hostile file cannot make a page of gigabytes. */
const MAX_ROWS = 10_000;

type Obj = Record<string, unknown>;

function object(v: unknown, field: string, keys: readonly string[]): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new DiffFileError(field, 'an object', v);
  const o = v as Obj;
  for (const k of Object.keys(o)) if (!keys.includes(k)) throw new DiffFileError(field ? `${field}.${k}` : k, `no such field (the fields are ${keys.join(', ')})`, o[k]);
  for (const k of keys) if (!(k in o)) throw new DiffFileError(field ? `${field}.${k}` : k, 'a value', undefined);
  return o;
}

function text(v: unknown, field: string): string {
  if (typeof v !== 'string' || v.length > MAX_TEXT) throw new DiffFileError(field, `a string of at most ${MAX_TEXT} characters`, v);
  return v;
}

const orNull = <T>(read: (v: unknown, field: string) => T) => (v: unknown, field: string): T | null => (v === null ? null : read(v, field));

function num(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new DiffFileError(field, 'a finite number', v);
  return v;
}

function count(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new DiffFileError(field, 'a whole number ≥ 0', v);
  return v;
}

function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw new DiffFileError(field, 'true or false', v);
  return v;
}

function oneOf<T extends string>(v: unknown, field: string, options: readonly T[]): T {
  if (typeof v !== 'string' || !options.includes(v as T)) throw new DiffFileError(field, `one of ${options.map((o) => `"${o}"`).join(', ')}`, v);
  return v as T;
}

function list<T>(v: unknown, field: string, read: (x: unknown, field: string) => T): T[] {
  if (!Array.isArray(v) || v.length > MAX_ROWS) throw new DiffFileError(field, `an array of at most ${MAX_ROWS}`, v);
  return v.map((x, i) => read(x, `${field}[${i}]`));
}

/**
 * A path the file names, relative to the proof folder: forward slashes, no empty, "." or ".." part, not
 * absolute, no backslash or control character. (That it stays inside on disk, links resolved, is the
 * reader's check: this one is the text's.)
 */
export function relativeProofPath(v: unknown, field: string): string {
  const p = text(v, field);
  const parts = p.split('/');
  if (!p || p.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(p) || /^[A-Za-z]:/.test(p) || parts.some((s) => s === '' || s === '.' || s === '..')) {
    throw new DiffFileError(field, 'a path inside the proof folder, relative to it (no "..", not absolute)', v);
  }
  return p;
}

function event(v: unknown, field: string): DiffEvent {
  const o = object(v, field, ['kind', 'change', 'baselineS', 'currentS', 'shiftMs', 'amplitudeDeg', 'baselineAmplitudeDeg']);
  return {
    kind: oneOf(o.kind, `${field}.kind`, ['saccade', 'microsaccade', 'blink'] as const),
    change: oneOf(o.change, `${field}.change`, ['added', 'removed', 'moved'] as const),
    baselineS: orNull(num)(o.baselineS, `${field}.baselineS`),
    currentS: orNull(num)(o.currentS, `${field}.currentS`),
    shiftMs: orNull(num)(o.shiftMs, `${field}.shiftMs`),
    amplitudeDeg: orNull(num)(o.amplitudeDeg, `${field}.amplitudeDeg`),
    baselineAmplitudeDeg: orNull(num)(o.baselineAmplitudeDeg, `${field}.baselineAmplitudeDeg`),
  };
}

function metric(v: unknown, field: string): DiffMetric {
  const o = object(v, field, ['name', 'unit', 'baseline', 'current', 'p10', 'p90', 'beyond']);
  return {
    name: text(o.name, `${field}.name`),
    unit: text(o.unit, `${field}.unit`),
    baseline: num(o.baseline, `${field}.baseline`),
    current: num(o.current, `${field}.current`),
    p10: orNull(num)(o.p10, `${field}.p10`),
    p90: orNull(num)(o.p90, `${field}.p90`),
    beyond: bool(o.beyond, `${field}.beyond`),
  };
}

function stretch(v: unknown, field: string): DiffStretch {
  const o = object(v, field, ['startS', 'endS', 'minSsim']);
  const s = { startS: num(o.startS, `${field}.startS`), endS: num(o.endS, `${field}.endS`), minSsim: num(o.minSsim, `${field}.minSsim`) };
  if (s.endS < s.startS) throw new DiffFileError(`${field}.endS`, `a time ≥ startS (${s.startS})`, s.endS);
  return s;
}

function scene(v: unknown, field: string, nameProblem: (name: unknown) => string | null): DiffScene {
  const o = object(v, field, ['scene', 'verdict', 'approved', 'why', 'firstDifferentFrame', 'events', 'metrics', 'stretches', 'reviewClip', 'reviewPoster', 'baselineStills', 'currentStills', 'minSsim', 'maxLocalDifference', 'notes']);
  const problem = nameProblem(o.scene);
  if (problem) throw new DiffFileError(`${field}.scene`, problem, o.scene);
  const ev = object(o.events, `${field}.events`, ['added', 'removed', 'moved', 'list']);
  return {
    scene: o.scene as string,
    verdict: oneOf(o.verdict, `${field}.verdict`, DIFF_VERDICTS),
    approved: bool(o.approved, `${field}.approved`),
    why: orNull(text)(o.why, `${field}.why`),
    firstDifferentFrame: orNull(count)(o.firstDifferentFrame, `${field}.firstDifferentFrame`),
    events: { added: count(ev.added, `${field}.events.added`), removed: count(ev.removed, `${field}.events.removed`), moved: count(ev.moved, `${field}.events.moved`), list: list(ev.list, `${field}.events.list`, event) },
    metrics: list(o.metrics, `${field}.metrics`, metric),
    stretches: list(o.stretches, `${field}.stretches`, stretch),
    reviewClip: orNull(relativeProofPath)(o.reviewClip, `${field}.reviewClip`),
    reviewPoster: orNull(relativeProofPath)(o.reviewPoster, `${field}.reviewPoster`),
    baselineStills: list(o.baselineStills, `${field}.baselineStills`, relativeProofPath),
    currentStills: list(o.currentStills, `${field}.currentStills`, relativeProofPath),
    minSsim: orNull(num)(o.minSsim, `${field}.minSsim`),
    maxLocalDifference: orNull(num)(o.maxLocalDifference, `${field}.maxLocalDifference`),
    notes: list(o.notes, `${field}.notes`, text),
  };
}

/** The parsed JSON as a DiffFile, or a DiffFileError naming the first field that is not as the schema says. `nameProblem`: the scene-name rule. */
export function parseDiffFile(v: unknown, nameProblem: (name: unknown) => string | null): DiffFile {
  const o = object(v, '', ['schema', 'against', 'scenes']);
  if (o.schema !== DIFF_SCHEMA) throw new DiffFileError('schema', `"${DIFF_SCHEMA}"`, o.schema);
  const a = object(o.against, 'against', ['kind', 'rev']);
  const scenes = list(o.scenes, 'scenes', (x, f) => scene(x, f, nameProblem));
  const seen = new Set<string>();
  scenes.forEach((s, i) => {
    if (seen.has(s.scene)) throw new DiffFileError(`scenes[${i}].scene`, 'a scene named once', s.scene);
    seen.add(s.scene);
  });
  return { schema: DIFF_SCHEMA, against: { kind: oneOf(a.kind, 'against.kind', ['baseline', 'rev'] as const), rev: orNull(text)(a.rev, 'against.rev') }, scenes };
}
