/**
 * Splitting a table's line into fields the way trackers write them: the separator is the header's
 * (a tab, a semicolon or a comma), empty fields are kept where they stand (Tobii Pro Lab ends its rows
 * with empty columns: trimming the line would drop them), a quoted field is unquoted, and a number
 * written with a decimal comma (a semicolon or tab file from a German or French locale) is read as one.
 */
export type Separator = '\t' | ';' | ',';

/** The header's separator: a tab, else a semicolon, else a comma (a comma may be a decimal comma in the other two). */
export function separatorOf(header: string): Separator {
  if (header.includes('\t')) return '\t';
  if (header.includes(';')) return ';';
  return ',';
}

/** The fields of one line, every one kept (only a line break's \r and a field's surrounding blanks go). */
export function splitFields(line: string, sep: Separator): string[] {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return text.split(sep).map((f) => f.trim().replace(/^"(.*)"$/, '$1'));
}

/** A decimal comma, `-1,25`; thousands separators are not written by trackers. */
const DECIMAL_COMMA = /^[-+]?\d*,\d+(?:[eE][-+]?\d+)?$/;

/** A field as a number: NaN for an empty or missing field, undefined for text that is not a number. */
export function numberOf(field: string, decimalComma: boolean): number | undefined {
  if (field === '' || /^(nan|na|null|\.)$/i.test(field)) return NaN;
  const text = decimalComma && DECIMAL_COMMA.test(field) ? field.replace(',', '.') : field;
  const v = Number(text);
  return Number.isFinite(v) ? v : undefined;
}
