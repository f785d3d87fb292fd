import { describe, expect, it } from 'vitest';
import { MASK_BROW, MASK_COLORS, MASK_OPENING, MASK_LID } from '../../render/mask-colors.ts';
import { coverageOf } from './mask-coverage.ts';

describe('coverageOf', () => {
  const brow = [MASK_BROW];
  const notBrow = MASK_COLORS.filter((c) => c !== MASK_BROW);
  const colours: [number, number, number][] = [];
  for (let r = 0; r <= 255; r += 51) for (let g = 0; g <= 255; g += 51) for (let b = 0; b <= 255; b += 51) colours.push([r, g, b]);

  it('remembers each colour per pair of class sets: asked again, or after another pair, it answers the same', () => {
    const first = colours.map(([r, g, b]) => coverageOf(r, g, b, brow, notBrow));
    const opening = colours.map(([r, g, b]) => coverageOf(r, g, b, MASK_OPENING, MASK_LID));
    expect(colours.map(([r, g, b]) => coverageOf(r, g, b, brow, notBrow))).toEqual(first);
    // The two pairs read the same colours differently: a cache shared between them would answer wrongly.
    expect(opening).not.toEqual(first);
    expect(colours.map(([r, g, b]) => coverageOf(r, g, b, MASK_OPENING, MASK_LID))).toEqual(opening);
  });

  it("reads a half blend of brow and skin as half brow", () => {
    expect(coverageOf(255, 128, 0, brow, notBrow)).toBeCloseTo(128 / 255, 2);
  });
});
