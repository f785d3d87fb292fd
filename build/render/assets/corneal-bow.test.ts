import { describe, expect, it } from 'vitest';
import { PICTURE_LIMITS } from '../../measure/picture/picture-limits.ts';
import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import { catchlightSizeMm } from '../geometry/catchlight-pose.ts';
import { BOW_MM, bowOutline } from './corneal-bow.ts';

/** A rectangle's outline (px, clockwise from its top left), its sides in `steps` pieces. */
function rect(x0: number, y0: number, w: number, h: number, steps = 6): [number, number][] {
  const out: [number, number][] = [];
  const side = (ax: number, ay: number, bx: number, by: number) => {
    for (let j = 0; j < steps; j++) out.push([ax + ((bx - ax) * j) / steps, ay + ((by - ay) * j) / steps]);
  };
  side(x0, y0, x0 + w, y0);
  side(x0 + w, y0, x0 + w, y0 + h);
  side(x0 + w, y0 + h, x0, y0 + h);
  side(x0, y0 + h, x0, y0);
  return out;
}

/** The longest run of rows (px) down the outline's right side in which `col(x)` stays the same. */
function longestRun(points: [number, number][], col: (x: number) => number): number {
  const xMax = Math.max(...points.map(([x]) => x));
  const side = points.filter(([x]) => x > xMax - 6).sort((a, b) => a[1] - b[1]);
  let best = 0;
  let start = side[0][1];
  let c = col(side[0][0]);
  for (const [x, y] of side) {
    if (col(x) !== c) {
      best = Math.max(best, y - start);
      start = y;
      c = col(x);
    }
  }
  return Math.max(best, side[side.length - 1][1] - start);
}

describe('bowOutline: a screen\'s image in the cornea bulges between its corners', () => {
  const pxPerMm = 28.8; // 1280×720
  const pull = BOW_MM * pxPerMm; // 2.2 mm wide: the share (0.165 mm) is not the limit
  // 2003's screen as the cornea images it: 2.2 × 1.75 mm.
  const w = 2.2 * pxPerMm;
  const h = 1.75 * pxPerMm;

  it('pulls the corners in by BOW_MM and leaves each side\'s middle where it was, the outline closed', () => {
    const out = bowOutline(rect(100, 100, w, h), pxPerMm);
    const near = (x: number, y: number) => Math.min(...out.map(([px, py]) => Math.hypot(px - x, py - y)));
    expect(near(100 + pull, 100 + pull)).toBeLessThan(0.5);
    expect(near(100 + w / 2, 100)).toBeLessThan(0.5);
    expect(near(100 + w, 100 + h / 2)).toBeLessThan(0.5);
    for (let i = 0; i < out.length; i++) {
      const [ax, ay] = out[i];
      const [bx, by] = out[(i + 1) % out.length];
      expect(Math.hypot(bx - ax, by - ay)).toBeLessThan(1.5);
    }
  });

  it('leaves no side straight to half a pixel for as long as the picture test reads (1.5 mm); the ruled side was', () => {
    const ruled = longestRun(rect(100, 100, w, h, 60), (x) => Math.round(x * 2));
    const bowed = longestRun(bowOutline(rect(100, 100, w, h), pxPerMm), (x) => Math.round(x * 2));
    expect(ruled / pxPerMm).toBeGreaterThan(PICTURE_LIMITS.maxVerticalEdgeMm);
    expect(bowed / pxPerMm).toBeLessThan(1);
  });

  it('crosses a 2- or 3-px block column (the eras\' coarse media) within 1.5 mm wherever the side lies, for every era\'s screen', () => {
    // The tallest screen image of any era (2003's LCD, 1.75 mm), and a tenth more.
    const tallestMm = Math.max(...Object.values(ERA_LIGHT).filter((l) => l.catchlight.kind === 'screen').map((l) => catchlightSizeMm(l).heightMm));
    expect(tallestMm).toBeGreaterThan(PICTURE_LIMITS.maxVerticalEdgeMm);
    for (const hMm of [1.2, PICTURE_LIMITS.maxVerticalEdgeMm, tallestMm, 1.1 * tallestMm]) {
      for (const block of [2, 3]) {
        for (let off = 0; off < block; off += 0.25) {
          const out = bowOutline(rect(100 + off, 100, w, hMm * pxPerMm), pxPerMm);
          expect(longestRun(out, (x) => Math.floor(x / block)) / pxPerMm, `height ${hMm} mm, ${block}-px blocks, offset ${off}`).toBeLessThan(PICTURE_LIMITS.maxVerticalEdgeMm);
        }
      }
    }
  });
});
