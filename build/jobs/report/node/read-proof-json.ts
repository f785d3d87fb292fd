import { readFileSync, realpathSync, statSync } from 'node:fs';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { environmentError } from '../../../errors/environment-error.ts';
import { safeText } from '../../../errors/safe-text.ts';
import { isInside } from '../../../node/io/contain.ts';

/** What else a JSON file is held to before it is parsed, and what its message tells the reader to do. */
export interface JsonFileRules {
  /** Larger than this is bad input, not read (a file of a pull request could be any size). */
  maxBytes?: number;
  /** The folder the file must be in once links are followed: a link out of it is bad input, not read. */
  within?: string;
  /** The remedy said after a bad file's problem (default: render its scene again). */
  remedy?: string;
}

/**
 * A JSON file of a proof folder, as eye report reads it back. The folder may come from a merged shard
 * or a cache entry, so a file that does not parse, or whose numbers are not numbers, is bad input
 * (exit 2, one line naming the file and the field), not a stack from deep in the page's builders.
 * The one strict JSON reader of eye report and eye diff (a baseline file too: `rules`).
 */
export function readProofJson<T>(file: string, check?: (v: Record<string, unknown>, bad: (field: string, expected: string) => never) => void, rules: JsonFileRules = {}): T {
  const remedy = rules.remedy ?? 'render its scene again';
  const bad = (what: string) => new CliError(EXIT.badInput, `${safeText(file)}: ${what} (${remedy})`);
  let text: string;
  try {
    if (rules.within !== undefined && !isInside(realpathSync(rules.within), realpathSync(file))) throw bad(`a link to outside ${safeText(rules.within)}: not read`);
    const st = statSync(file);
    // A folder, a fifo or a device: never read (a fifo would hold the run).
    if (!st.isFile()) throw bad('not a regular file');
    if (rules.maxBytes !== undefined && st.size > rules.maxBytes) throw bad(`${st.size} bytes, over the ${rules.maxBytes}-byte limit`);
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw environmentError(err, 'read', file) ?? err;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw bad(`not valid JSON (${safeText((err as Error).message)})`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw bad('expected a JSON object');
  const o = v as Record<string, unknown>;
  check?.(o, (field, expected) => {
    const got = safeText(JSON.stringify(field.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown> | undefined)?.[k], o)) ?? 'nothing');
    throw new CliError(EXIT.badInput, `${safeText(file)}: field "${safeText(field)}": expected ${expected}, got ${got.length > 60 ? `${got.slice(0, 57)}...` : got}`);
  });
  return v as T;
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** summary.json: the numbers the report prints and computes with. */
export function checkSummary(o: Record<string, unknown>, bad: (field: string, expected: string) => never): void {
  for (const k of ['durationS', 'fps', 'width', 'height', 'seed']) if (!isNumber(o[k])) bad(k, 'a number');
}

/** trace.json: the rate, the scene's era fields and the four columns the detectors read, numbers of one length. */
export function checkTrace(o: Record<string, unknown>, bad: (field: string, expected: string) => never): void {
  if (!isNumber(o.sampleRateHz) || o.sampleRateHz <= 0) bad('sampleRateHz', 'a number above 0');
  const scene = o.scene as Record<string, unknown> | undefined;
  if (typeof scene !== 'object' || scene === null) bad('scene', 'the scene object');
  if (!Array.isArray(scene!.tour)) bad('scene.tour', 'an array');
  const columns = o.columns as Record<string, unknown> | undefined;
  if (typeof columns !== 'object' || columns === null) bad('columns', 'an object of number columns');
  const length = Array.isArray(columns!.tMs) ? columns!.tMs.length : -1;
  for (const k of ['tMs', 'yawDeg', 'pitchDeg', 'apertureMm']) {
    const c = columns![k];
    if (!Array.isArray(c) || c.length !== length || !c.every(isNumber)) bad(`columns.${k}`, `an array of ${length < 0 ? '' : `${length} `}numbers`);
  }
}
