/**
 * The picture test's numbers, in one place. eye.md §11 sets the caps (1.5 mm, "stays as it was",
 * "the whole brow is inside the frame"); the rest are this checker's own choices, each with its reason.
 */
export const PICTURE_LIMITS = {
  /** eye.md §11: no straight vertical edge longer than this, in any frame. */
  maxVerticalEdgeMm: 1.5,
  /**
   * A "strong" step: the luma difference between the two pixels either side of a column. A hard
   * edge an eye notices on skin is tens of levels (today's corner shadows are ~15–30); skin texture
   * and pores step by a few. 12 levels sits between them, and a straight run of it must also hold
   * for more than 1.5 mm of rows in one place, which texture never does.
   */
  edgeStepLevels: 8,
  /**
   * How far (px, sub-pixel) a run's edge may wander and still be "the same column". A ruler edge
   * moves 0; an honest curve leaves a 0.5-px band within ~1 mm (a circle of 6 mm at 28.8 px/mm:
   * 2·√(2·r·0.5) ≈ 26 px ≈ 0.9 mm), so the iris, pupil and globe pass with room.
   */
  edgeBandPx: 0.5,
  /** Rows a run may skip (a lash or a hair crossing the edge) without ending. */
  edgeGapRows: 1,
  /**
   * Skin change during a blink is read after a box blur of this radius: the change an eye sees is
   * of an area, not of one pixel, and a blur this size averages out a medium's own per-frame grain
   * (2003's webcam noise) while a moving shape or a band of shadow keeps its full change.
   */
  skinBlurMm: 0.5,
  /**
   * …and read only where at least this share of that blur's square is skin of the region: a mean of a
   * few pixels is their grain, not an area's change. Measured: 2003-rest's blink at frame 158 read
   * max 8.2 levels at the frame's bottom edge, a mean of 6 of 841 pixels (the edge of the frame, and
   * the shut lid's lashes cut out of the region above it), where the webcam's 3-px noise blocks differ
   * from frame to frame; with a full square the same grain reads ~3.
   */
  skinAreaShare: 0.25,
  /**
   * "A few levels": the 99th percentile of the blurred luma change outside the eye's outline. The
   * floor is a medium's own grain: 2003's webcam noise alone reads p99 1.7, max 3.2 between two
   * open frames; a renderer that leaves the skin alone reads 0 elsewhere.
   */
  skinChangeP99Levels: 3,
  /** …and its maximum, about twice the grain's (a spot may change a little; a slab's corner never). */
  skinChangeMaxLevels: 6,
  /** The lids' own moving skin: above the upper margin up to the crease (~6.5 mm, eye.md §0) plus 1.5 mm. */
  aboveOpeningMm: 8,
  /** …below the lower margin. */
  belowOpeningMm: 1,
  /** …beyond each canthus. */
  beyondCanthusMm: 1,
  /** How far the upper lashes reach above the opening (they curve up ~2–2.5 mm): hair above this is brow. */
  lashReachMm: 3,
  /** The brow moves on its own: its pixels, grown by this, are not the blink's skin. */
  browMarginMm: 1,
  /** The lashes drawn in a blink frame are cut out grown by this much: their soft, tapered edge (0.2 mm left 2009's hanging lash tips at 6.9–7.8 levels). */
  lashMarginMm: 0.4,
  /**
   * Hair texture above which a row holds brow (hair-rows.ts: relative horizontal step over the
   * cheek's): skin rows read 0.000–0.005 in 1970, 1997, 2000, 2003 and 2026 (up to 0.014 in 1995,
   * whose dither depends on brightness); today's brow rows read 0.06–0.26 in every era; the lashes'
   * rows read like hair too, which is why the brow is looked for only above the lashes' reach.
   */
  hairScoreMax: 0.03,
  /** The top rows that must hold no brow: 0.5 mm (2 % of the frame height at 36 px/mm per 900 px). */
  topRowsMm: 0.5,
} as const;
