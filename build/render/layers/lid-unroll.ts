/**
 * How the upper lid's skin between the fixed crease and the margin is laid out for a margin that moved
 * (eye.md §11: "as the lid closes its skin folds into the crease and stretches over the globe without
 * its texture sliding"). Skin lies folded under the crease at rest; closing, part of it unrolls out of
 * the fold, so the skin showing between crease and margin is longer than at rest and is stretched far
 * less: stretched alone it ran 2.7× at full closure and its pores read as dashes. Opening past rest
 * (up-gaze) the skin by the crease rolls into the fold instead of bunching: it is never compressed.
 *
 * In screen px along a column: `restGapPx` = rest margin − crease, `gapPx` = margin − crease now.
 * Returns the length of skin now showing (rest px, measured from the margin up; past restGapPx it is
 * skin that lay in the fold) and the stretch (gapPx / that length).
 */
export const UNROLL_SHARE = 0.62;
/** The most skin that can come out of the fold (mm): about what a crease ~6.5 mm above the margin (eye.md §0) tucks under the hood. */
export const FOLD_SKIN_MM = 5;

export function lidUnroll(restGapPx: number, gapPx: number, pxPerMm: number): { skinPx: number; stretch: number } {
  if (restGapPx <= 0.5 || gapPx <= 0) return { skinPx: Math.max(gapPx, 0), stretch: 1 };
  const out = gapPx >= restGapPx ? Math.min(FOLD_SKIN_MM * pxPerMm, UNROLL_SHARE * (gapPx - restGapPx)) : gapPx - restGapPx;
  const skinPx = restGapPx + out;
  return { skinPx, stretch: gapPx / skinPx };
}
