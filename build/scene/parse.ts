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

type Check<T> = (v: unknown, field: string, file: string) => T;

const fail = (file: string, field: string, expected: string, got: unknown): never => {
  throw new SceneError(file, field, expected, got);
};

const integer =
  (min: number, max: number): Check<number> =>
  (v, field, file) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? v
      : fail(file, field, `an integer from ${min} to ${max}`, v);

const real =
  (min: number, max: number): Check<number> =>
  (v, field, file) =>
    typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
      ? v
      : fail(file, field, `a number from ${min} to ${max}`, v);

const bool: Check<boolean> = (v, field, file) => (typeof v === 'boolean' ? v : fail(file, field, 'true or false', v));

const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (v, field, file) =>
    (values as readonly unknown[]).includes(v) ? (v as T) : fail(file, field, `one of ${values.join(', ')}`, v);

const evenInteger =
  (min: number, max: number): Check<number> =>
  (v, field, file) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max && v % 2 === 0
      ? v
      : fail(file, field, `an even integer from ${min} to ${max} (H.264 yuv420p needs even sizes)`, v);

function record(v: unknown, field: string, file: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(file, field, 'an object', v);
  for (const k of Object.keys(v)) {
    if (!keys.includes(k)) fail(file, field ? `${field}.${k}` : k, `no such field (allowed: ${keys.join(', ')})`, (v as Record<string, unknown>)[k]);
  }
  return v as Record<string, unknown>;
}

const era = oneOf(ERA_IDS);

const pointerKeys: Check<PointerKey[]> = (v, field, file) => {
  if (!Array.isArray(v)) return fail(file, field, 'an array of pointer keys', v);
  let lastT = -Infinity;
  return v.map((item, i) => {
    const f = `${field}[${i}]`;
    const o = record(item, f, file, ['tS', 'xR', 'yR', 'kind']);
    const key: PointerKey = {
      tS: real(0, 86_400)(o.tS, `${f}.tS`, file),
      xR: o.xR === undefined ? 0 : real(-50, 50)(o.xR, `${f}.xR`, file),
      yR: o.yR === undefined ? 0 : real(-50, 50)(o.yR, `${f}.yR`, file),
      kind: o.kind === undefined ? 'move' : oneOf(['move', 'press', 'leave'] as const)(o.kind, `${f}.kind`, file),
    };
    if (key.tS < lastT) fail(file, `${f}.tS`, `a time at or after the previous key (${lastT} s)`, key.tS);
    lastT = key.tS;
    return key;
  });
};

const tourCuts: Check<TourCut[]> = (v, field, file) => {
  if (!Array.isArray(v) || v.length === 0) return fail(file, field, 'a non-empty array of { era, atS }', v);
  let lastT = -Infinity;
  return v.map((item, i) => {
    const f = `${field}[${i}]`;
    const o = record(item, f, file, ['era', 'atS']);
    const cut: TourCut = { era: era(o.era, `${f}.era`, file), atS: real(0, 86_400)(o.atS, `${f}.atS`, file) };
    if (i === 0 && cut.atS !== 0) fail(file, `${f}.atS`, 'the first cut at 0', cut.atS);
    if (cut.atS <= lastT) fail(file, `${f}.atS`, `a time after the previous cut (${lastT} s)`, cut.atS);
    lastT = cut.atS;
    return cut;
  });
};

interface Option<T> {
  default: T | undefined;
  check: Check<T>;
}

/** Every scene option, declared once with its default and validator. */
const OPTIONS = {
  era: { default: undefined, check: era } as Option<EraId>,
  tour: { default: [], check: tourCuts } as Option<TourCut[]>,
  mode: { default: 'script', check: oneOf(['script', 'rest'] as const) } as Option<Scene['mode']>,
  preset: { default: 'tuned', check: oneOf(['tuned', 'generic', 'none'] as const) } as Option<Scene['preset']>,
  // pipeline.md: a proof film is 20 s, long enough to show its era's rates (8 s showed clusters); a tour says its own.
  durationS: { default: 20, check: real(0.1, 3600) } as Option<number>,
  fps: { default: 30, check: integer(1, STEP_HZ) } as Option<number>,
  width: { default: 1280, check: evenInteger(64, 3840) } as Option<number>,
  height: { default: 720, check: evenInteger(64, 2160) } as Option<number>,
  seed: { default: 1, check: integer(0, 2 ** 31 - 1) } as Option<number>,
  calm: { default: false, check: bool } as Option<boolean>,
  reducedMotion: { default: false, check: bool } as Option<boolean>,
  pointer: { default: [], check: pointerKeys } as Option<PointerKey[]>,
  overrides: {
    default: {},
    check: (v: unknown, field: string, file: string) => {
      const o = record(v, field, file, ['fixMs', 'blinkMeanS', 'microRatePerS']);
      const out: Scene['overrides'] = {};
      if (o.fixMs !== undefined) out.fixMs = real(50, 5000)(o.fixMs, `${field}.fixMs`, file);
      if (o.blinkMeanS !== undefined) out.blinkMeanS = real(0.5, 60)(o.blinkMeanS, `${field}.blinkMeanS`, file);
      if (o.microRatePerS !== undefined) out.microRatePerS = real(0, 10)(o.microRatePerS, `${field}.microRatePerS`, file);
      return out;
    },
  } as Option<Scene['overrides']>,
} satisfies Record<Exclude<keyof Scene, 'name'>, Option<unknown>>;

/** A scene's name (its file name without .json): a plain folder name, never `.`, `..` or hidden. */
export const SCENE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const SCENE_FIELDS = Object.keys(OPTIONS) as (keyof typeof OPTIONS)[];

/**
 * Validate a parsed scene file and fill its defaults. Unknown keys are rejected.
 * `era` may be omitted when `tour` is given (it is then the tour's first era).
 */
export function parseScene(raw: unknown, file: string, name: string): Scene {
  // The name becomes a folder under --out: `.` or `..` would be the output folder or its parent.
  if (!SCENE_NAME.test(name)) fail(file, '(file name)', 'a scene name of letters, digits, ".", "_" and "-" that starts with a letter or digit', name);
  const o = record(raw, '', file, [...SCENE_FIELDS, '$comment']);
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

/** Apply command-line settings to a parsed scene through the same validators. */
export function withSettings(scene: Scene, settings: Partial<Omit<Scene, 'name'>>, source = 'command line'): Scene {
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
