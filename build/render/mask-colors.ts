/**
 * The mask pass's six classes (pipeline.md, measuring: pupil, iris, visible sclera, skin, lashes,
 * brow), each a corner of the RGB cube so that a measurer can classify every pixel, antialiased
 * edges included, by the nearest colour.
 */
export interface MaskColor {
  name: 'pupil' | 'skin' | 'iris' | 'sclera' | 'lash' | 'brow';
  r: number;
  g: number;
  b: number;
  css: string;
}

function color(name: MaskColor['name'], r: number, g: number, b: number): MaskColor {
  return { name, r, g, b, css: `rgb(${r}, ${g}, ${b})` };
}

export const MASK_PUPIL = color('pupil', 0, 0, 0);
export const MASK_SKIN = color('skin', 255, 0, 0);
export const MASK_IRIS = color('iris', 0, 255, 0);
export const MASK_SCLERA = color('sclera', 255, 255, 255);
export const MASK_LASH = color('lash', 0, 0, 255);
export const MASK_BROW = color('brow', 255, 255, 0);
export const MASK_COLORS: readonly MaskColor[] = [MASK_PUPIL, MASK_SKIN, MASK_IRIS, MASK_SCLERA, MASK_LASH, MASK_BROW];

/** BT.709 luma (0–255) of a mask colour, as a decoder of the film would see it before range scaling. */
export function maskLuma(c: Pick<MaskColor, 'r' | 'g' | 'b'>): number {
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

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
