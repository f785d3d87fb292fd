import { describe, expect, it } from 'vitest';
import { LINE_STEP, SHEET_GAP, sheetLayout } from './sheet-layout.ts';

describe('sheetLayout', () => {
  const spec = { count: 24, columns: 6, tileWidth: 320, frameWidth: 1280, frameHeight: 720, labelLines: 1, title: true };

  it('sizes a 6 × 4 sheet of 16:9 tiles with a title and one label line each', () => {
    const l = sheetLayout(spec);
    expect([l.columns, l.rows, l.tileWidth, l.tileHeight]).toEqual([6, 4, 320, 180]);
    expect(l.width).toBe(6 * 320 + 7 * SHEET_GAP);
    const label = 4 + LINE_STEP;
    expect(l.height).toBe(SHEET_GAP + (LINE_STEP + SHEET_GAP) + 4 * (180 + label + SHEET_GAP));
    expect(l.cells[0]).toEqual({ x: SHEET_GAP, y: SHEET_GAP + LINE_STEP + SHEET_GAP, labelY: SHEET_GAP + LINE_STEP + SHEET_GAP + 184 });
    expect(l.cells[7].x).toBe(SHEET_GAP + 320 + SHEET_GAP);
    expect(l.cells[7].y).toBe(l.cells[0].y + 180 + label + SHEET_GAP);
    // The last tile's label ends inside the sheet, a gap above its bottom.
    expect(l.cells[23].labelY + LINE_STEP + SHEET_GAP).toBe(l.height);
    expect(l.labelChars).toBe(26);
  });

  it('a strip is one row; a short sheet is only as wide as its tiles', () => {
    const strip = sheetLayout({ ...spec, count: 5, columns: 5, labelLines: 2, title: false });
    expect([strip.rows, strip.columns]).toEqual([1, 5]);
    expect(strip.height).toBe(SHEET_GAP + 180 + 4 + 2 * LINE_STEP + SHEET_GAP);
    expect(strip.title).toBeNull();
    expect(sheetLayout({ ...spec, count: 2 }).width).toBe(2 * 320 + 3 * SHEET_GAP);
    expect(sheetLayout({ ...spec, count: 7 }).rows).toBe(2);
  });

  it('refuses sizes that make no sheet', () => {
    expect(() => sheetLayout({ ...spec, count: 0 })).toThrow('count 0');
    expect(() => sheetLayout({ ...spec, tileWidth: 8 })).toThrow('tileWidth 8');
    expect(() => sheetLayout({ ...spec, columns: 1.5 })).toThrow('columns');
  });
});
