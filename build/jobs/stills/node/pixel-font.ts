/**
 * A 5×7 pixel font for sheet labels, drawn straight into RGB buffers. Labels need no fonts on the
 * machine (sharp's SVG text goes through librsvg and fontconfig, and a bare Debian has no font), and
 * the same label is the same pixels everywhere. Upper case only: lower case is drawn as upper case.
 * Each glyph is 7 rows, top first; bit 4 of a row is its leftmost pixel.
 */
const GLYPHS: Record<string, readonly number[]> = {
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  'A': [14, 17, 17, 31, 17, 17, 17],
  'B': [30, 17, 17, 30, 17, 17, 30],
  'C': [14, 17, 16, 16, 16, 17, 14],
  'D': [28, 18, 17, 17, 17, 18, 28],
  'E': [31, 16, 16, 30, 16, 16, 31],
  'F': [31, 16, 16, 30, 16, 16, 16],
  'G': [14, 17, 16, 23, 17, 17, 15],
  'H': [17, 17, 17, 31, 17, 17, 17],
  'I': [14, 4, 4, 4, 4, 4, 14],
  'J': [7, 2, 2, 2, 2, 18, 12],
  'K': [17, 18, 20, 24, 20, 18, 17],
  'L': [16, 16, 16, 16, 16, 16, 31],
  'M': [17, 27, 21, 21, 17, 17, 17],
  'N': [17, 17, 25, 21, 19, 17, 17],
  'O': [14, 17, 17, 17, 17, 17, 14],
  'P': [30, 17, 17, 30, 16, 16, 16],
  'Q': [14, 17, 17, 17, 21, 18, 13],
  'R': [30, 17, 17, 30, 20, 18, 17],
  'S': [15, 16, 16, 14, 1, 1, 30],
  'T': [31, 4, 4, 4, 4, 4, 4],
  'U': [17, 17, 17, 17, 17, 17, 14],
  'V': [17, 17, 17, 17, 17, 10, 4],
  'W': [17, 17, 17, 21, 21, 21, 10],
  'X': [17, 17, 10, 4, 10, 17, 17],
  'Y': [17, 17, 10, 4, 4, 4, 4],
  'Z': [31, 1, 2, 4, 8, 16, 31],
  '.': [0, 0, 0, 0, 0, 12, 12],
  ',': [0, 0, 0, 0, 12, 4, 8],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '+': [0, 4, 4, 31, 4, 4, 0],
  '/': [0, 1, 2, 4, 8, 16, 0],
  '(': [2, 4, 8, 8, 8, 4, 2],
  ')': [8, 4, 2, 2, 2, 4, 8],
  '%': [24, 25, 2, 4, 8, 19, 3],
  '°': [12, 18, 12, 0, 0, 0, 0],
  '@': [14, 17, 1, 13, 21, 21, 14],
  '_': [0, 0, 0, 0, 0, 0, 31],
  '=': [0, 0, 31, 0, 31, 0, 0],
  '·': [0, 0, 0, 4, 0, 0, 0],
  '?': [14, 17, 1, 2, 4, 0, 4],
  '|': [4, 4, 4, 4, 4, 4, 4],
  '\'': [4, 4, 8, 0, 0, 0, 0],
  '>': [8, 4, 2, 1, 2, 4, 8],
  '<': [2, 4, 8, 16, 8, 4, 2],
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;
/** One blank column after each glyph. */
export const GLYPH_ADVANCE = GLYPH_WIDTH + 1;

/** Characters the font draws besides the space (anything else is drawn as '?'). */
export const FONT_CHARS = Object.keys(GLYPHS).join('');

/** A packed RGB image (width · height · 3 bytes). */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Buffer;
}

export type Rgb = readonly [number, number, number];

/** Width in pixels of a line of text at `scale` (no gap after the last glyph). */
export function textWidth(text: string, scale: number): number {
  const n = [...text].length;
  return n === 0 ? 0 : (n * GLYPH_ADVANCE - 1) * scale;
}

/**
 * Draw `text` into an RGB image with its top-left corner at (x, y), each font pixel a `scale`×`scale`
 * square in `colour`; whatever falls outside the image is clipped.
 */
export function drawText(img: RgbImage, text: string, x: number, y: number, scale: number, colour: Rgb): void {
  let cx = x;
  for (const ch of text.toUpperCase()) {
    const glyph = ch === ' ' ? null : (GLYPHS[ch] ?? GLYPHS['?']);
    if (glyph) {
      for (let row = 0; row < GLYPH_HEIGHT; row++) {
        for (let col = 0; col < GLYPH_WIDTH; col++) {
          if (glyph[row] & (1 << (GLYPH_WIDTH - 1 - col))) fillRect(img, cx + col * scale, y + row * scale, scale, scale, colour);
        }
      }
    }
    cx += GLYPH_ADVANCE * scale;
  }
}

/** Fill a rectangle, clipped to the image. */
export function fillRect(img: RgbImage, x: number, y: number, w: number, h: number, colour: Rgb): void {
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(img.width, x + w);
  const y1 = Math.min(img.height, y + h);
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) {
      const i = (py * img.width + px) * 3;
      img.rgb[i] = colour[0];
      img.rgb[i + 1] = colour[1];
      img.rgb[i + 2] = colour[2];
    }
  }
}
