import { describe, expect, it } from 'vitest';
import { spotsOf } from './spots.ts';

const plane = (rows: string[]) => Uint8Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0));

describe('spotsOf', () => {
  it('finds 8-connected spots, each with its pixel count, centroid (pixel centres) and bounding box, in row order', () => {
    const flags = plane([
      '#.....',
      '.#..##',
      '....##',
      '......',
      '..#...',
    ]);
    expect(spotsOf(flags, 6)).toEqual([
      { xPx: 1, yPx: 1, pixels: 2, widthPx: 2, heightPx: 2 },
      { xPx: 5, yPx: 2, pixels: 4, widthPx: 2, heightPx: 2 },
      { xPx: 2.5, yPx: 4.5, pixels: 1, widthPx: 1, heightPx: 1 },
    ]);
  });

  it('finds none in an empty plane', () => {
    expect(spotsOf(new Uint8Array(12), 4)).toEqual([]);
  });
});
