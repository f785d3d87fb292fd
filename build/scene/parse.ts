import { sceneNameProblem } from './scene-name.ts';
import { STEP_HZ } from '../spec/eye-spec.ts';
import { safeText } from '../errors/safe-text.ts';
import { ERA_IDS, type EraId, type PointerKey, type Scene, type TourCut } from './scene.ts';

/** A scene that cannot be used. The message names the file, the field and what was expected. */
export class SceneError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly expected: string,
    readonly got: unknown,
  ) {
    super(`${safeText(file)}: field "${safeText(field)}": expected ${expected}, got ${describe(got)}`);
    this.name = 'SceneError';
  }
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = safeText(JSON.stringify(v) ?? String(v));
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** A validator, with the JSON Schema of what it accepts (for the scene schema editors read). */
type Check<T> = ((v: unknown, field: string, file: string) => T) & { schema?: JsonSchema };
export type JsonSchema = Record<string, unknown>;

const withSchema = <T>(check: (v: unknown, field: string, file: string) => T, schema: JsonSchema): Check<T> => Object.assign(check, { schema });

const fail = (file: string, field: string, expected: string, got: unknown): never => {
  throw new SceneError(file, field, expected, got);
};

const integer = (min: number, max: number): Check<number> =>
  withSchema(
    (v, field, file) =>
      typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fail(file, field, `an integer from ${min} to ${max}`, v),
    { type: 'integer', minimum: min, maximum: max },
  );

const real = (min: number, max: number): Check<number> =>
  withSchema(
    (v, field, file) =>
      typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : fail(file, field, `a number from ${min} to ${max}`, v),
    { type: 'number', minimum: min, maximum: max },
  );

const bool: Check<boolean> = withSchema((v, field, file) => (typeof v === 'boolean' ? v : fail(file, field, 'true or false', v)), { type: 'boolean' });

const oneOf = <T extends string>(values: readonly T[]): Check<T> =>
  withSchema((v, field, file) => ((values as readonly unknown[]).includes(v) ? (v as T) : fail(file, field, `one of ${values.join(', ')}`, v)), {
    enum: [...values],
  });

const evenInteger = (min: number, max: number): Check<number> =>
  withSchema(
    (v, field, file) =>
      typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max && v % 2 === 0
        ? v
        : fail(file, field, `an even integer from ${min} to ${max} (H.264 yuv420p needs even sizes)`, v),
    { type: 'integer', minimum: min, maximum: max, multipleOf: 2 },
  );

function record(v: unknown, field: string, file: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(file, field, 'an object', v);
  for (const k of Object.keys(v)) {
    if (!keys.includes(k)) fail(file, field ? `${field}.${k}` : k, `no such field (allowed: ${keys.join(', ')})`, (v as Record<string, unknown>)[k]);
  }
  return v as Record<string, unknown>;
}

const era = oneOf(ERA_IDS);

const POINTER_KEY = { tS: real(0, 86_400), xR: real(-50, 50), yR: real(-50, 50), kind: oneOf(['move', 'press', 'leave'] as const) };
const pointerKeys: Check<PointerKey[]> = withSchema((v, field, file) => {
  if (!Array.isArray(v)) return fail(file, field, 'an array of pointer keys', v);
  let lastT = -Infinity;
  return v.map((item, i) => {
    const f = `${field}[${i}]`;
    const o = record(item, f, file, ['tS', 'xR', 'yR', 'kind']);
    const key: PointerKey = {
      tS: POINTER_KEY.tS(o.tS, `${f}.tS`, file),
      xR: o.xR === undefined ? 0 : POINTER_KEY.xR(o.xR, `${f}.xR`, file),
      yR: o.yR === undefined ? 0 : POINTER_KEY.yR(o.yR, `${f}.yR`, file),
      kind: o.kind === undefined ? 'move' : POINTER_KEY.kind(o.kind, `${f}.kind`, file),
    };
    if (key.tS < lastT) fail(file, `${f}.tS`, `a time at or after the previous key (${lastT} s)`, key.tS);
    lastT = key.tS;
    return key;
  });
}, arrayOf(POINTER_KEY, ['tS'], 'Pointer keys in time order: position in iris radii R about the eye centre (+x right, +y up); between keys the pointer glides; `leave` takes it out of the window.'));

const TOUR_CUT = { era, atS: real(0, 86_400) };
const tourCuts: Check<TourCut[]> = withSchema((v, field, file) => {
  if (!Array.isArray(v) || v.length === 0) return fail(file, field, 'a non-empty array of { era, atS }', v);
  let lastT = -Infinity;
  return v.map((item, i) => {
    const f = `${field}[${i}]`;
    const o = record(item, f, file, ['era', 'atS']);
    const cut: TourCut = { era: TOUR_CUT.era(o.era, `${f}.era`, file), atS: TOUR_CUT.atS(o.atS, `${f}.atS`, file) };
    if (i === 0 && cut.atS !== 0) fail(file, `${f}.atS`, 'the first cut at 0', cut.atS);
    if (cut.atS <= lastT) fail(file, `${f}.atS`, `a time after the previous cut (${lastT} s)`, cut.atS);
    lastT = cut.atS;
    return cut;
  });
}, { ...arrayOf(TOUR_CUT, ['era', 'atS'], 'Cuts between eras, the first at 0 s, then in time order.'), minItems: 1 });

/** The schema of an array of objects whose fields are these validators (no other keys). */
function arrayOf(fields: Record<string, Check<unknown>>, required: string[], description: string): JsonSchema {
  const properties = Object.fromEntries(Object.entries(fields).map(([k, c]) => [k, c.schema ?? {}]));
  return { type: 'array', description, items: { type: 'object', properties, required, additionalProperties: false } };
}

interface Option<T> {
  default: T | undefined;
  check: Check<T>;
  /** What it is, for the schema (an editor's hover) and the docs. */
  doc: string;
}

/** A scene's `overrides`: mean fixation, mean blink interval, microsaccade rate, the catch-up threshold, the brow's wait after a landing. */
const OVERRIDES = { fixMs: real(50, 5000), blinkMeanS: real(0.5, 60), microRatePerS: real(0, 10), catchUpDeg: real(0, 30), browWaitMs: real(0, 2000) };

/** Every scene option, declared once with its default, validator and doc (parsing and the JSON Schema read it). */
const OPTIONS = {
  era: { default: undefined, check: era, doc: "The era whose eye plays (required unless a tour is given: then the tour's first era)." } as Option<EraId>,
  tour: { default: [], check: tourCuts, doc: 'Several eras in one film, with a lid cut between them.' } as Option<TourCut[]>,
  mode: { default: 'script', check: oneOf(['script', 'rest'] as const), doc: "script: the era's task; rest: eye contact, following the pointer." } as Option<Scene['mode']>,
  preset: { default: 'tuned', check: oneOf(['tuned', 'generic', 'none'] as const), doc: 'tuned: the calm eye; generic: the seed\'s plain eye (a baseline); none: a still eye.' } as Option<Scene['preset']>,
  // pipeline.md: a proof film is 20 s, long enough to show its era's rates (8 s showed clusters); a tour says its own.
  durationS: { default: 20, check: real(0.1, 3600), doc: 'Film length, seconds of scene time.' } as Option<number>,
  fps: { default: 30, check: integer(1, STEP_HZ), doc: 'Film frame rate (the model steps at 240 Hz whatever it is).' } as Option<number>,
  width: { default: 1280, check: evenInteger(64, 3840), doc: 'Film width, px (even: H.264 yuv420p).' } as Option<number>,
  height: { default: 720, check: evenInteger(64, 2160), doc: 'Film height, px (even: H.264 yuv420p).' } as Option<number>,
  seed: { default: 1, check: integer(0, 2 ** 31 - 1), doc: "The model's seed: the same scene and seed give the same trace and frames." } as Option<number>,
  calm: { default: false, check: bool, doc: 'Calm (a coarse pointer, i.e. phones): grain × 0.45, gaze × 0.6, cuts × 1.25 (eye.md §8).' } as Option<boolean>,
  reducedMotion: { default: false, check: bool, doc: 'prefers-reduced-motion: the eye rests, no blinks or saccades.' } as Option<boolean>,
  pointer: { default: [], check: pointerKeys, doc: 'A pointer track for the eye to follow (rest mode).' } as Option<PointerKey[]>,
  overrides: {
    doc: 'Deliberately bad eyes for tests: these replace the era table\'s values as given.',
    default: {},
    check: withSchema(
      (v: unknown, field: string, file: string) => {
        const o = record(v, field, file, Object.keys(OVERRIDES));
        const out: Scene['overrides'] = {};
        for (const k of Object.keys(OVERRIDES) as (keyof typeof OVERRIDES)[]) if (o[k] !== undefined) out[k] = OVERRIDES[k](o[k], `${field}.${k}`, file);
        return out;
      },
      { type: 'object', properties: Object.fromEntries(Object.entries(OVERRIDES).map(([k, c]) => [k, c.schema])), additionalProperties: false },
    ),
  } as Option<Scene['overrides']>,
} satisfies Record<Exclude<keyof Scene, 'name'>, Option<unknown>>;

export { SCENE_NAME } from './scene-name.ts';

export const SCENE_FIELDS = Object.keys(OPTIONS) as (keyof typeof OPTIONS)[];

/**
 * Validate a parsed scene file and fill its defaults. Unknown keys are rejected.
 * `era` may be omitted when `tour` is given (it is then the tour's first era).
 */
export function parseScene(raw: unknown, file: string, name: string): Scene {
  // The name becomes a folder under --out: `.` or `..` would be the output folder or its parent.
  // Nor a name the project writes under proof/ (live/, check/, index.html…): publishing it would replace that.
  const nameProblem = sceneNameProblem(name);
  if (nameProblem) fail(file, '(file name)', nameProblem, name);
  const o = record(raw, '', file, [...SCENE_FIELDS, '$comment', '$schema']);
  const out: Record<string, unknown> = { name };
  for (const key of SCENE_FIELDS) {
    const opt = OPTIONS[key] as Option<unknown>;
    const v = o[key];
    out[key] = v === undefined ? structuredCloneish(opt.default) : opt.check(v, key, file);
  }
  const scene = out as unknown as Scene;
  if (scene.tour.length > 0) {
    if (o.era !== undefined && scene.era !== scene.tour[0].era) {
      fail(file, 'era', `the tour's first era (${scene.tour[0].era}) or nothing`, o.era);
    }
    scene.era = scene.tour[0].era;
  } else if (o.era === undefined) {
    fail(file, 'era', `one of ${ERA_IDS.join(', ')} (or a tour)`, undefined);
  }
  return scene;
}

/** Scene fields from elsewhere (a command line, a URL), to be validated as a scene file's are: any value may be wrong. */
export type SceneSettings = { readonly [K in Exclude<keyof Scene, 'name'>]?: unknown };

/** Apply command-line settings to a parsed scene through the same validators. */
export function withSettings(scene: Scene, settings: SceneSettings, source = 'command line'): Scene {
  const out: Record<string, unknown> = { ...scene };
  for (const [k, v] of Object.entries(settings)) {
    if (v === undefined) continue;
    const opt = (OPTIONS as Record<string, Option<unknown>>)[k];
    if (!opt) fail(source, k, 'a scene field', v);
    out[k] = opt.check(v, k === 'durationS' ? '--duration' : k === 'width' || k === 'height' ? '--size' : `--${k}`, source);
  }
  return out as unknown as Scene;
}

function structuredCloneish<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** The scene file's JSON Schema, made from OPTIONS (scenes/scene.schema.json; an editor validates and completes with it). */
export function sceneJsonSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    $schema: { type: 'string', description: 'This schema, for editors.' },
    $comment: { type: 'string', description: 'Why the scene is as it is (e.g. why this seed).' },
  };
  for (const key of SCENE_FIELDS) {
    const o = OPTIONS[key] as Option<unknown>;
    properties[key] = { ...(o.check.schema ?? {}), description: o.doc, ...(o.default === undefined ? {} : { default: o.default }) };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'calm-eye scene',
    description: 'One scene of the calm eye: which era plays and how the film is made. Made by `eye schema` from build/scene/parse.ts; do not edit.',
    type: 'object',
    properties,
    // era, or a tour (whose first cut gives it)
    anyOf: [{ required: ['era'] }, { required: ['tour'] }],
    additionalProperties: false,
  };
}
