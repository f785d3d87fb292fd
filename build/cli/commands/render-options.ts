import { CliError, EXIT } from '../../errors/exit.ts';

/** A whole number in [min, max] for flags like --jobs, or a bad-input error naming the range. */
export function intOption(v: string, flag: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(EXIT.badInput, `${flag}: expected an integer from ${min} to ${max}, got "${v}"`);
  return n;
}
