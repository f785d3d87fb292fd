/** Text tables for every command's terminal output (platform-free). */

/** A number for a table: 3 significant decimals at most, integers as they are. */
export function formatValue(v: number | null): string {
  if (v === null || Number.isNaN(v)) return '—';
  if (Number.isInteger(v)) return String(v);
  const abs = Math.abs(v);
  return abs >= 100 ? v.toFixed(0) : abs >= 10 ? v.toFixed(1) : abs >= 1 ? v.toFixed(2) : v.toFixed(3);
}

/** Rows of cells as aligned columns (the first row is the header). */
export function formatTable(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ').trimEnd()).join('\n');
}
