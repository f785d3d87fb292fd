/** Text tables for every command's terminal output (platform-free). */
import { safeText } from '../errors/safe-text.ts';

/** A number for a table: 3 significant decimals at most, integers as they are. */
export function formatValue(v: number | null): string {
  if (v === null || Number.isNaN(v)) return '—';
  if (Number.isInteger(v)) return String(v);
  const abs = Math.abs(v);
  return abs >= 100 ? v.toFixed(0) : abs >= 10 ? v.toFixed(1) : abs >= 1 ? v.toFixed(2) : v.toFixed(3);
}

/**
 * Rows of cells as aligned columns (the first row is the header). Every cell is escaped: a cell can hold
 * text from a file (a ledger line's revision, a cache entry's scene), and a control character or a
 * newline in it must neither reach the terminal nor break the table's lines.
 */
export function formatTable(cells: string[][]): string {
  const rows = cells.map((r) => r.map((cell) => safeText(String(cell))));
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}
