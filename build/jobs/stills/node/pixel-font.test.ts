import { describe, expect, it } from 'vitest';
import { drawText, fillRect, FONT_CHARS, GLYPH_HEIGHT, textWidth, type RgbImage } from './pixel-font.ts';

const image = (width: number, height: number): RgbImage => ({ width, height, rgb: Buffer.alloc(width * height * 3) });
/** The image as rows of '#' (lit) and '.' (dark), for reading glyphs in a test. */
const picture = (img: RgbImage) =>
  Array.from({ length: img.height }, (_, y) => Array.from({ length: img.width }, (_, x) => (img.rgb[(y * img.width + x) * 3] ? '#' : '.')).join(''));

describe('pixel font', () => {
  it('draws a glyph row by row, leftmost bit first', () => {
    const img = image(5, 7);
    drawText(img, '1', 0, 0, 1, [255, 255, 255]);
    expect(picture(img)).toEqual(['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.']);
  });

  it('scales, spaces glyphs one column apart, and draws lower case as upper case', () => {
    const a = image(24, 14);
    drawText(a, 'f7', 0, 0, 2, [200, 0, 0]);
    const b = image(24, 14);
    drawText(b, 'F7', 0, 0, 2, [200, 0, 0]);
    expect(a.rgb.equals(b.rgb)).toBe(true);
    expect(textWidth('F7', 2)).toBe(22);
    expect(picture(a)[0]).toBe('##########..##########..');
  });

  it('draws an unknown character as ?, a space as nothing, and clips at the edges', () => {
    const q = image(5, 7);
    drawText(q, '?', 0, 0, 1, [9, 9, 9]);
    const u = image(5, 7);
    drawText(u, '€', 0, 0, 1, [9, 9, 9]);
    expect(u.rgb.equals(q.rgb)).toBe(true);
    const s = image(5, 7);
    drawText(s, ' ', 0, 0, 1, [9, 9, 9]);
    expect(s.rgb.every((v) => v === 0)).toBe(true);
    const edge = image(3, 3);
    expect(() => drawText(edge, 'W', -2, -2, 1, [1, 1, 1])).not.toThrow();
    fillRect(edge, 2, 2, 10, 10, [7, 7, 7]);
    expect(edge.rgb[(2 * 3 + 2) * 3]).toBe(7);
  });

  it('has every character the labels use', () => {
    for (const ch of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.:-+·@()°%') expect(FONT_CHARS).toContain(ch);
    expect(GLYPH_HEIGHT).toBe(7);
  });
});
