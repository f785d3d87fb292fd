/**
 * How deep (mm) the shade the upper lid and lashes throw on the globe reaches below the margin. It is
 * painted into the lid layer under the rest margin (lid-skin.ts), so it rides with the margin.
 */
export const MARGIN_SHADE_DEPTH_MM = 2.6;
