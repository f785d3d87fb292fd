import { formatValue } from '../table.ts';

/**
 * A number for the page, as tables show numbers (null and NaN read "—"). Every value the page prints
 * as a number comes from a file (summary.json, trace.json, pixels.json, check's summary, the ledger), so
 * it is checked as one here: anything else reads "invalid" and is never written into the page.
 */
export function htmlNumber(v: unknown): string {
  if (v === null || typeof v === 'number') return formatValue(v);
  return 'invalid';
}
