/** Where each panel sits in a compare clip: columns × rows, at most five across (ten eras read 5 × 2). */
export interface GridLayout {
  columns: number;
  rows: number;
  /** Each panel's top-left corner in cells (column, row), in panel order. */
  cells: { column: number; row: number }[];
}

export const MAX_COLUMNS = 5;

/**
 * A balanced grid: as few rows as five columns allow, then as few columns as those rows need
 * (6 → 3 × 2, not 5 + 1; up to three panels side by side in one row, as a comparison is read).
 */
export function gridLayout(panels: number): GridLayout {
  if (!Number.isInteger(panels) || panels < 1) throw new RangeError(`panels ${panels}: expected an integer ≥ 1`);
  const rows = Math.ceil(panels / MAX_COLUMNS);
  const columns = Math.ceil(panels / rows);
  return { columns, rows, cells: Array.from({ length: panels }, (_, i) => ({ column: i % columns, row: Math.floor(i / columns) })) };
}
