import { describe, expect, it } from 'vitest';
import { spotsOf } from './spots.ts';

const plane = (rows: string[]) => Uint8Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0));

describe('spotsOf', () => {
  it('finds 8-connected spots, each with its pixel count, centroid (pixel centres), bounding box and elongation, in row order', () => {
    const flags = plane([
      '#.....',
      '.#..##',
      '....##',
      '......',
      '..#...',
    ]);
    expect(spotsOf(flags, 6)).toEqual([
      { xPx: 1, yPx: 1, pixels: 2, widthPx: 2, heightPx: 2, elongation: Math.sqrt(7) },
      { xPx: 5, yPx: 2, pixels: 4, widthPx: 2, heightPx: 2, elongation: 1 },
      { xPx: 2.5, yPx: 4.5, pixels: 1, widthPx: 1, heightPx: 1, elongation: 1 },
    ]);
  });

  it('reads a one-pixel-wide streak as long as it is, whichever way it runs', () => {
    const [row] = spotsOf(plane(['.....', '.###.', '.....']), 5);
    const [column] = spotsOf(plane(['.....', '..#..', '..#..', '..#..', '.....']), 5);
    expect(row.elongation).toBeCloseTo(3, 12);
    expect(column.elongation).toBeCloseTo(3, 12);
  });

  it('finds none in an empty plane', () => {
    expect(spotsOf(new Uint8Array(12), 4)).toEqual([]);
  });
});
