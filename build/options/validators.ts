// The platform-free half of option-spec (build/cli/option-spec.ts registers and parses with commander):
// the declaration's shape and the validators, so a platform-free module (build/measure's recording
// flags) can declare its options where its rules live.

/**
 * A command-line option declared once: its flag, its doc, its default and the validator that turns the
 * text into a typed value (or a bad-input error stating the allowed range). The same declaration makes
 * the `--help` line (with the default) and parses the value, so the two can never disagree.
 */
export interface OptionSpec<T> {
  /** Commander's flag syntax: `--jobs <n>`, `--json`, `--no-ledger`. */
  flags: string;
  doc: string;
  /** Used when the flag is not given (undefined: the value stays undefined, e.g. "the scene's own"). */
  default?: T;
  /**
   * A default that depends on flags declared before this one (e.g. eye look's --columns: 6 on a sheet,
   * 12 on a strip); undefined leaves the value undefined. Takes the place of `default`; say it in defaultText.
   */
  defaultFrom?: (parsed: ParsedSoFar) => T | undefined;
  /** How the default reads in --help when it is not its plain string (e.g. "one per core"). */
  defaultText?: string;
  /**
   * Text → value; throws a RangeError whose message says what was expected. Absent for switches. Gets
   * the flags declared before this one, for a range that depends on them.
   */
  parse?: (text: string, parsed: ParsedSoFar) => T;
  hidden?: boolean;
  /** The flag may be given more than once (its value is then the last). Otherwise a second one is exit 2: which of two values was meant is not the parser's guess. */
  repeatable?: boolean;
}

/** The values of the flags declared before the one being parsed, already typed and defaulted. */
export type ParsedSoFar = Readonly<Record<string, unknown>>;

export type OptionSpecs = Record<string, OptionSpec<unknown>>;
/** One option's parsed value: its validator's result, or a switch's boolean. */
type ValueOf<O> = O extends { parse: (text: string, parsed: ParsedSoFar) => infer P } ? P : O extends { default: infer D } ? D : boolean;
/** The options that always have a value (a default); the rest are undefined when not given. */
type Defaulted<S> = { [K in keyof S]: S[K] extends { default: unknown } ? K : never }[keyof S];
/** The parsed options as parseOptions returns them, typed from their declarations (so a command passes them on without casts). */
export type OptionValues<S extends OptionSpecs> = { [K in Defaulted<S>]: ValueOf<S[K]> } & { [K in Exclude<keyof S, Defaulted<S>>]?: ValueOf<S[K]> };

/** Every option's default, as parseOptions fills them when no flag is given (in declared order, for defaultFrom). */
export function defaultsOf<S extends OptionSpecs>(specs: S): OptionValues<S> {
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(specs)) out[key] = s.defaultFrom ? s.defaultFrom(out) : s.default;
  return out as OptionValues<S>;
}

/**
 * A number as people write it on a command line: decimal digits, a sign, a point, an exponent. Number()
 * alone would also take `0x1`, `0b11`, `0o7`, `Infinity` and padding; a value that surprising is refused.
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const decimal = (text: string): number => (DECIMAL.test(text) ? Number(text) : Number.NaN);

/** Validators: each says, in its RangeError, what it expected. */
export const integerIn =
  (min: number, max: number) =>
  (text: string): number => {
    const n = decimal(text);
    if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) throw new RangeError(`an integer from ${min} to ${max}`);
    return n;
  };

export const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (text: string): T => {
    const v = text.toLowerCase();
    if (!(allowed as readonly string[]).includes(v)) throw new RangeError(`one of ${allowed.join(', ')}`);
    return v as T;
  };

export const numberIn =
  (min: number, max: number) =>
  (text: string): number => {
    const n = decimal(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new RangeError(`a number from ${min} to ${max}`);
    return n;
  };

/** A number strictly above `min` (a size or a distance: no upper bound of its own). */
export const numberAbove =
  (min: number) =>
  (text: string): number => {
    const n = decimal(text);
    if (text.trim() === '' || !Number.isFinite(n) || n <= min) throw new RangeError(`a number above ${min}`);
    return n;
  };

/** A comma-separated list of one validator's values, each once. */
export const listOf =
  <T>(item: (text: string) => T, what: string) =>
  (text: string): T[] => {
    const parts = text.split(',').map((p) => p.trim());
    try {
      const values = parts.map(item);
      if (new Set(parts).size !== parts.length) throw new RangeError('');
      return values;
    } catch {
      throw new RangeError(`a comma-separated list of ${what}, each once`);
    }
  };

/** `WxH`, even integers (the scene validators then check the range). */
export const size = (text: string): { width: number; height: number } => {
  const m = /^(\d+)x(\d+)$/.exec(text.trim());
  if (!m) throw new RangeError('WxH with even integers, e.g. 1280x720');
  return { width: Number(m[1]), height: Number(m[2]) };
};

/** A number if the text is one (the scene's own validators then report its range), else the text itself. */
export const numberish = (text: string): number | string => {
  const n = decimal(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
};

export const text = (t: string): string => t;
