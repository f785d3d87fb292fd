import { GLYPH_ADVANCE, GLYPH_HEIGHT } from './pixel-font.ts';

export interface SheetSpec {
  /** Tiles on the sheet. */
  count: number;
  /** Tiles per row (a strip: count). */
  columns: number;
  /** Width of one tile in pixels; its height keeps the frame's aspect. */
  tileWidth: number;
  frameWidth: number;
  frameHeight: number;
  /** Text lines under each tile. */
  labelLines: number;
  /** A title line across the top. */
  title: boolean;
}

export interface SheetLayout {
  width: number;
  height: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Font pixel size. */
  scale: number;
  gap: number;
  /** Characters of label that fit under a tile. */
  labelChars: number;
  /** Where the title's text starts, when there is one. */
  title: { x: number; y: number; chars: number } | null;
  /** Top-left corner of each tile's picture, and of its first label line. */
  cells: { x: number; y: number; labelY: number }[];
}

/** Font pixel size of the labels (the 5×7 font at 2× reads at a glance). */
export const LABEL_SCALE = 2;
/** Space around and between tiles. */
export const SHEET_GAP = 8;
/** Vertical distance between label lines. */
export const LINE_STEP = GLYPH_HEIGHT * LABEL_SCALE + 4;

/**
 * Where everything on a contact sheet or strip goes (pure: the size of a sheet is known before any
 * frame is decoded, and tested without pixels). Tiles fill rows left to right; each has its labels
 * underneath.
 */
export function sheetLayout(s: SheetSpec): SheetLayout {
  for (const [name, v, min] of [['count', s.count, 1], ['columns', s.columns, 1], ['tileWidth', s.tileWidth, 16], ['frameWidth', s.frameWidth, 1], ['frameHeight', s.frameHeight, 1], ['labelLines', s.labelLines, 0]] as const) {
    if (!Number.isInteger(v) || v < min) throw new RangeError(`sheet ${name} ${v}: expected an integer ≥ ${min}`);
  }
  const columns = Math.min(s.columns, s.count);
  const rows = Math.ceil(s.count / columns);
  const tileWidth = s.tileWidth;
  const tileHeight = Math.max(1, Math.round((tileWidth * s.frameHeight) / s.frameWidth));
  const gap = SHEET_GAP;
  const labelHeight = s.labelLines > 0 ? 4 + s.labelLines * LINE_STEP : 0;
  const titleHeight = s.title ? LINE_STEP + gap : 0;
  const width = columns * tileWidth + (columns + 1) * gap;
  const height = gap + titleHeight + rows * (tileHeight + labelHeight + gap);
  const cells = Array.from({ length: s.count }, (_, i) => {
    const x = gap + (i % columns) * (tileWidth + gap);
    const y = gap + titleHeight + Math.floor(i / columns) * (tileHeight + labelHeight + gap);
    return { x, y, labelY: y + tileHeight + 4 };
  });
  const fit = (px: number) => Math.max(0, Math.floor((px + LABEL_SCALE) / (GLYPH_ADVANCE * LABEL_SCALE)));
  return {
    width,
    height,
    columns,
    rows,
    tileWidth,
    tileHeight,
    scale: LABEL_SCALE,
    gap,
    labelChars: fit(tileWidth),
    title: s.title ? { x: gap, y: gap, chars: fit(width - 2 * gap) } : null,
    cells,
  };
}
