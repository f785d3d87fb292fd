import { hairRows } from './hair-rows.ts';
import { MASK_BROW } from '../../render/mask-contract.ts';
import { maskClasses, maskHasClass } from './mask-classes.ts';
import { PICTURE_LIMITS } from './picture-limits.ts';
import { pxFor, type RgbaFrame } from './rgba-frame.ts';

export interface TopRowsBrow {
  /** Rows checked from the top (0.5 mm: 2 % of the frame height). */
  rows: number;
  /** Brow-class pixels of the mask pass in those rows; null when the mask has no brow class at all. */
  maskBrowPixels: number | null;
  /** Mean hair texture of those rows in the colour frame, above the cheek's (hair-rows.ts). */
  hairScore: number;
  /** True when either says the brow reaches the top rows. */
  brow: boolean;
}

/**
 * eye.md §11: "the whole brow is inside the frame … with room to spare". The top 0.5 mm of rows must
 * hold no brow: no MASK_BROW pixel in the mask pass (when it has that class), and no hair texture in
 * the colour frame (which works on any renderer: today's mask has no brow class). Hair: a score over
 * `hairScoreMax` (0.03; picture-limits.ts says what skin and hair read).
 */
export function topRowsBrow(color: RgbaFrame, pxPerMm: number, mask: RgbaFrame | null = null): TopRowsBrow {
  const rows = pxFor(PICTURE_LIMITS.topRowsMm, pxPerMm);
  const energy = hairRows(color, pxPerMm);
  let hair = 0;
  for (let y = 0; y < rows; y++) hair += energy[y];
  const hairScore = hair / rows;
  let maskBrowPixels: number | null = null;
  if (mask && maskHasClass(mask, MASK_BROW)) {
    const cls = maskClasses(mask);
    maskBrowPixels = 0;
    for (let i = 0; i < rows * mask.width; i++) if (cls[i] === 'brow') maskBrowPixels++;
  }
  return { rows, maskBrowPixels, hairScore, brow: (maskBrowPixels ?? 0) > 0 || hairScore > PICTURE_LIMITS.hairScoreMax };
}

/**
 * Rows from the top that hold the brow (read in eight vertical strips), from the colour frame: the end of the first run of hair-
 * textured rows that starts above `belowRow` (the upper lashes' reach) and is cut there, grown by the
 * brow margin.
 * 0 when no hair is found there. The skin-change check cuts these rows out when the mask has no brow.
 */
export function browRowsFromColor(color: RgbaFrame, pxPerMm: number, belowRow: number): number {
  // In strips: a brow's tail hanging lower at one side must be cut out too (erring toward more).
  const energy = hairRows(color, pxPerMm, 8);
  let y = 0;
  while (y < belowRow && energy[y] <= PICTURE_LIMITS.hairScoreMax) y++;
  if (y >= belowRow) return 0;
  // …and ends there at the latest (a medium's brightness-dependent grain must not run it down the frame).
  while (y < belowRow && energy[y] > PICTURE_LIMITS.hairScoreMax) y++;
  return Math.min(color.height, y + pxFor(PICTURE_LIMITS.browMarginMm, pxPerMm));
}
