import { describe, expect, it } from 'vitest';
import { gridLayout } from './grid-layout.ts';
import { clipSize } from './clip-size.ts';

describe('gridLayout: where each panel of a compare clip sits', () => {
  it('puts two or three panels side by side in one row, ten eras 5 × 2, six 3 × 2', () => {
    expect(gridLayout(2)).toMatchObject({ columns: 2, rows: 1 });
    expect(gridLayout(3).cells).toEqual([{ column: 0, row: 0 }, { column: 1, row: 0 }, { column: 2, row: 0 }]);
    expect(gridLayout(10)).toMatchObject({ columns: 5, rows: 2 });
    expect(gridLayout(10).cells[5]).toEqual({ column: 0, row: 1 });
    expect(gridLayout(6)).toMatchObject({ columns: 3, rows: 2 });
    expect(gridLayout(12)).toMatchObject({ columns: 4, rows: 3 });
  });

  it('sizes the clip from the grid and the label strips', () => {
    expect(clipSize(3, { width: 640, height: 360 }, 40)).toEqual({ width: 1920, height: 400 });
    expect(clipSize(10, { width: 384, height: 216 }, 40)).toEqual({ width: 1920, height: 512 });
  });

  it('refuses no panels', () => {
    expect(() => gridLayout(0)).toThrow(/integer ≥ 1/);
  });
});
