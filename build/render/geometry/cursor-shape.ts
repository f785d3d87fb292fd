import { IRIS_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { EraId } from '../../scene/scene.ts';
import type { EyeFrame } from './eye-frame.ts';

/**
 * The visitor's pointer as the film draws it (issue 10: the films show the cause): an arrow whose tip
 * sits at the pointer track's position. Sizes are in mm of the frame, so the cursor keeps its place
 * against the eye at every film size: one cell of the arrow is CURSOR_CELL_MM, ~2 px at 720p, and
 * the arrow is 19 cells (1.33 mm, 38 px at 720p) tall. Its left edge is the one straight vertical line
 * it has, 17 cells (1.19 mm): under the picture test's 1.5 mm (eye.md §11) at any size.
 */
export const CURSOR_CELL_MM = 0.055;

/**
 * The classic 12 × 19 arrow of the 1990s desktops, row by row: X the black outline, W the white fill,
 * '.' clear. Eras up to 1997 draw it cell by cell (their own pixelated pointer).
 */
export const CURSOR_BITMAP: readonly string[] = [
  'X...........',
  'XX..........',
  'XWX.........',
  'XWWX........',
  'XWWWX.......',
  'XWWWWX......',
  'XWWWWWX.....',
  'XWWWWWWX....',
  'XWWWWWWWX...',
  'XWWWWWWWWX..',
  'XWWWWWWWWWX.',
  'XWWWWWWXXXXX',
  'XWWWXWWX....',
  'XWWX.XWWX...',
  'XWX..XWWX...',
  'XX....XWWX..',
  'X.....XWWX..',
  '.......XWWX.',
  '.......XX...',
];

/** Later eras: the same arrow as a smooth outline (cells, tip at 0,0, +y down), drawn white with a dark rim. */
export const CURSOR_OUTLINE_CELLS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, 16.5],
  [3.8, 12.9],
  [6.3, 18.6],
  [8.4, 17.7],
  [6.0, 12.1],
  [11, 12.1],
];

/** Which look an era's pointer takes: the pixelated arrow until 1997, a smooth one with a soft shadow after. */
export function cursorStyle(era: EraId): 'bitmap' | 'vector' {
  return Number(era) <= 1997 ? 'bitmap' : 'vector';
}

/** The arrow's tip on the canvas, px: the pointer's position (R about the globe centre, +y up). */
export function cursorTipPx(frame: EyeFrame, xR: number, yR: number): { x: number; y: number } {
  const rPx = IRIS_RADIUS_MM * frame.pxPerMm;
  return { x: frame.centerXPx + xR * rPx, y: frame.centerYPx - yR * rPx };
}

/**
 * Every pixel the cursor can touch (its cells, rim and shadow, grown by `padPx`), clipped to the
 * canvas; null when the cursor is wholly off it. The picture test leaves these pixels out of its
 * skin comparison: the pointer moving during a blink is not the blink changing the skin.
 */
export function cursorBoxPx(frame: EyeFrame, xR: number, yR: number, padPx = 0): { x0: number; y0: number; x1: number; y1: number } | null {
  const tip = cursorTipPx(frame, xR, yR);
  const cell = CURSOR_CELL_MM * frame.pxPerMm;
  // The shadow reaches 2 cells right and down, its blur 2 more (cursor.ts).
  const reach = 4 * cell + 2 + padPx;
  const x0 = Math.max(0, Math.floor(tip.x - reach));
  const y0 = Math.max(0, Math.floor(tip.y - reach));
  const x1 = Math.min(frame.widthPx, Math.ceil(tip.x + CURSOR_BITMAP[0].length * cell + reach));
  const y1 = Math.min(frame.heightPx, Math.ceil(tip.y + CURSOR_BITMAP.length * cell + reach));
  return x0 < x1 && y0 < y1 ? { x0, y0, x1, y1 } : null;
}
