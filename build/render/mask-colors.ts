/**
 * The mask pass's classes (pipeline.md, measuring: pupil, iris, visible sclera, skin, lashes, brow;
 * issue 18 added the tear meniscus and the caruncle), each a corner of the RGB cube so that a measurer
 * can classify every pixel, antialiased edges included, by the nearest colour: a blend of two corners
 * lies on the cube's edge or diagonal between them, nearer to one of the two than to any other corner
 * (a 50 % blend can tie with a third corner; ties go to the earlier class in MASK_COLORS, and the
 * measures read such pixels as blends, mask-coverage.ts). With tear cyan and caruncle magenta all eight
 * corners are taken: a further class needs a colour off the corners, checked against every pair of
 * classes that meet in a frame (mask-colors.test.ts runs that check over MASK_COLORS).
 *
 * `opening`: whether the class is the eye seen between the lids (the pixel path's opening is every
 * such pixel: the lids' own polygon). The tear line and the caruncle lie inside that polygon, on the
 * globe's side of the margins, so they are opening: the opening stays the model's aperture and the
 * picture test's outline the lids' outline.
 *
 * Adding a class is one entry here (its colour and `opening`) and its drawing in draw-mask.ts; the
 * measures read the classes through MASK_COLORS, classifyMaskPixel and `opening`.
 */
export type MaskClassName = 'pupil' | 'skin' | 'iris' | 'sclera' | 'lash' | 'brow' | 'tear' | 'caruncle';

export interface MaskColor {
  name: MaskClassName;
  r: number;
  g: number;
  b: number;
  css: string;
  opening: boolean;
}

function color(name: MaskClassName, r: number, g: number, b: number, opening: boolean): MaskColor {
  return { name, r, g, b, css: `rgb(${r}, ${g}, ${b})`, opening };
}

export const MASK_PUPIL = color('pupil', 0, 0, 0, true);
export const MASK_SKIN = color('skin', 255, 0, 0, false);
export const MASK_IRIS = color('iris', 0, 255, 0, true);
export const MASK_SCLERA = color('sclera', 255, 255, 255, true);
export const MASK_LASH = color('lash', 0, 0, 255, false);
export const MASK_BROW = color('brow', 255, 255, 0, false);
/** The tear meniscus along the lower margin (geometry/tear-meniscus.ts), over the globe. */
export const MASK_TEAR = color('tear', 0, 255, 255, true);
/** The caruncle at the medial canthus (assets/caruncle.ts's mound), inside the opening. */
export const MASK_CARUNCLE = color('caruncle', 255, 0, 255, true);
export const MASK_COLORS: readonly MaskColor[] = [MASK_PUPIL, MASK_SKIN, MASK_IRIS, MASK_SCLERA, MASK_LASH, MASK_BROW, MASK_TEAR, MASK_CARUNCLE];

/** The classes seen between the lids, and the lids' own (skin, lashes, brow). */
export const MASK_OPENING: readonly MaskColor[] = MASK_COLORS.filter((c) => c.opening);
export const MASK_LID: readonly MaskColor[] = MASK_COLORS.filter((c) => !c.opening);

/** The class of a pixel: the nearest mask colour (squared RGB distance). */
export function classifyMaskPixel(r: number, g: number, b: number): MaskColor {
  let best = MASK_COLORS[0];
  let bestD = Infinity;
  for (const c of MASK_COLORS) {
    const d = (r - c.r) ** 2 + (g - c.g) ** 2 + (b - c.b) ** 2;
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best;
}
