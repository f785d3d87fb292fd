/**
 * How large proof/index.html may be: "at most a few MB" (issue 22), as bytes per thing it shows. A
 * film's share is its stills (WebP, read-era.ts) and its six plots (compacted SVG, compact-svg.ts);
 * the fixed part is the ledger's history, the blink raster and the first screen's table; a changed
 * scene adds its baseline's and current stills. Measured on a 26-film proof of main (2026-12-01):
 * see docs/report.md for the numbers these leave room above.
 */
export const REPORT_BUDGET = {
  fixedBytes: 1_200_000,
  perFilmBytes: 180_000,
  perDiffStillBytes: 20_000,
  /** The review clip's poster: three panels and their labels at the sheet's width (1060 px). */
  perDiffPosterBytes: 60_000,
} as const;

/** The page's byte budget for `films` film sections, and `diffStills` stills and `diffPosters` review-clip posters from eye diff. */
export function reportByteBudget(films: number, diffStills: number, diffPosters = 0): number {
  return REPORT_BUDGET.fixedBytes + films * REPORT_BUDGET.perFilmBytes + diffStills * REPORT_BUDGET.perDiffStillBytes + diffPosters * REPORT_BUDGET.perDiffPosterBytes;
}
