import { Option, type Command } from 'commander';
import { CliError, EXIT } from '../errors/exit.ts';
import { safeText } from '../errors/safe-text.ts';
import type { OptionSpecs, OptionValues } from '../options/validators.ts';

export { integerIn, listOf, numberAbove, numberIn, numberish, oneOf, size, text } from '../options/validators.ts';
export type { OptionSpec, OptionSpecs, OptionValues, ParsedSoFar } from '../options/validators.ts';

/** Register every option on a command (help text from the doc and the default). */
export function declareOptions(cmd: Command, specs: OptionSpecs): Command {
  for (const [key, s] of Object.entries(specs)) {
    const shown = s.defaultText ?? (s.default === undefined || typeof s.default === 'boolean' ? undefined : String(s.default));
    const o = new Option(s.flags, shown === undefined ? s.doc : `${s.doc} (default: ${shown})`);
    if (o.attributeName() !== key) throw new Error(`option ${s.flags} is declared as "${key}", commander calls it "${o.attributeName()}"`);
    // A computed default has no plain string: --help would not show it unless it is said in words.
    if (s.defaultFrom && (s.defaultText === undefined || s.default !== undefined)) throw new Error(`option ${s.flags}: a defaultFrom needs a defaultText and no default`);
    if (s.hidden) o.hideHelp();
    cmd.addOption(o);
    if (!s.repeatable) refuseRepeats(cmd, o);
  }
  return cmd;
}

/** A flag given twice is exit 2 naming it (commander would keep the last value without a word). */
function refuseRepeats(cmd: Command, o: Option): void {
  let seen = false;
  cmd.on(`option:${o.name()}`, () => {
    if (seen) throw new CliError(EXIT.badInput, `${o.long ?? o.flags}: given more than once (give it once)`);
    seen = true;
  });
}

/**
 * Parse commander's raw values through the declarations, in their declared order (a later flag's default
 * or range may depend on an earlier one): typed values, defaults filled, errors exit 2 naming the flag.
 */
export function parseOptions<S extends OptionSpecs>(specs: S, raw: Record<string, unknown>): OptionValues<S> {
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(specs)) {
    const v = raw[key];
    if (v === undefined) {
      out[key] = s.defaultFrom ? s.defaultFrom(out) : s.default;
      continue;
    }
    if (typeof v !== 'string' || !s.parse) {
      out[key] = v;
      continue;
    }
    const parse = s.parse;
    out[key] = parseValue(s.flags.split(' ')[0], (t) => parse(t, out), v);
  }
  return out as OptionValues<S>;
}

/** One flag's text through its validator; a RangeError becomes exit 2 naming the flag, what it expected and what it got. */
export function parseValue<T>(flag: string, parse: (text: string) => T, text: string): T {
  try {
    return parse(text);
  } catch (err) {
    if (err instanceof RangeError) throw new CliError(EXIT.badInput, `${flag}: expected ${err.message}, got "${safeText(text)}"`);
    throw err;
  }
}
