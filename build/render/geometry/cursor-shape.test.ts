import { describe, expect, it } from 'vitest';
import { IRIS_RADIUS_MM } from '../../model/anatomy/rest.ts';
import { PICTURE_LIMITS } from '../../measure/picture/picture-limits.ts';
import { CURSOR_BITMAP, CURSOR_CELL_MM, CURSOR_OUTLINE_CELLS, cursorBoxPx, cursorStyle, cursorTipPx } from './cursor-shape.ts';
import { eyeFrame } from './eye-frame.ts';

/** The longest straight vertical run of outline cells in the bitmap's columns (the arrow's left edge). */
function longestColumnRun(bitmap: readonly string[]): number {
  let best = 0;
  for (let x = 0; x < bitmap[0].length; x++) {
    let run = 0;
    for (const row of bitmap) {
      run = row[x] === 'X' ? run + 1 : 0;
      best = Math.max(best, run);
    }
  }
  return best;
}

describe('the pointer as the film draws it', () => {
  const f = eyeFrame(1280, 720);
  it('puts the tip at the pointer: R about the globe centre, +y up', () => {
    expect(cursorTipPx(f, 0, 0)).toEqual({ x: f.centerXPx, y: f.centerYPx });
    const p = cursorTipPx(f, 1, -2);
    expect(p.x - f.centerXPx).toBeCloseTo(IRIS_RADIUS_MM * f.pxPerMm, 9);
    expect(p.y - f.centerYPx).toBeCloseTo(2 * IRIS_RADIUS_MM * f.pxPerMm, 9);
  });
  it('its straight left edge stays under the picture test\'s vertical-edge cap (a bigger arrow would not)', () => {
    const edgeMm = (cellMm: number) => Math.max(longestColumnRun(CURSOR_BITMAP), CURSOR_OUTLINE_CELLS[1][1]) * cellMm;
    expect(edgeMm(CURSOR_CELL_MM)).toBeLessThan(PICTURE_LIMITS.maxVerticalEdgeMm * 0.7);
    expect(edgeMm(0.1)).toBeGreaterThan(PICTURE_LIMITS.maxVerticalEdgeMm);
  });
  it('its box holds every cell, and is null once the pointer is off the canvas', () => {
    const b = cursorBoxPx(f, 1, 1)!;
    const tip = cursorTipPx(f, 1, 1);
    const cell = CURSOR_CELL_MM * f.pxPerMm;
    expect(b.x0).toBeLessThanOrEqual(tip.x);
    expect(b.y0).toBeLessThanOrEqual(tip.y);
    expect(b.x1).toBeGreaterThanOrEqual(tip.x + CURSOR_BITMAP[0].length * cell);
    expect(b.y1).toBeGreaterThanOrEqual(tip.y + CURSOR_BITMAP.length * cell);
    expect(cursorBoxPx(f, 0, 10)).toBeNull();
    expect(cursorBoxPx(f, -10, 0)).toBeNull();
  });
  it('the 1990s draw the pixelated arrow, later eras the smooth one', () => {
    expect(cursorStyle('1995')).toBe('bitmap');
    expect(cursorStyle('2026')).toBe('vector');
  });
});
