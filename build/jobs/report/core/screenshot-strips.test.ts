import { describe, expect, it } from 'vitest';
import { screenshotStrips } from './screenshot-strips.ts';

describe('screenshotStrips: a tall page in captures Chromium can take, tiling the stitched image', () => {
  it('covers every row once, no strip over the limit', () => {
    const s = screenshotStrips(98_123, 16_000, 1);
    expect(s).toHaveLength(7);
    expect(s.every((x) => x.heightPx <= 16_000 && x.heightPx > 0)).toBe(true);
    expect(s.reduce((n, x) => n + x.heightPx, 0)).toBe(98_123);
    for (let i = 1; i < s.length; i++) expect(s[i].yPx).toBe(s[i - 1].yPx + s[i - 1].heightPx);
    expect(s.at(-1)).toEqual({ yPx: 96_000, heightPx: 2123, topPx: 96_000, heightOutPx: 2123 });
  });

  it('scaled strips meet exactly (no seam row, no overlap) and end at the scaled page height', () => {
    const s = screenshotStrips(98_123, 16_000, 0.37);
    for (let i = 1; i < s.length; i++) expect(s[i].topPx).toBe(s[i - 1].topPx + s[i - 1].heightOutPx);
    const last = s.at(-1)!;
    expect(last.topPx + last.heightOutPx).toBe(Math.round(98_123 * 0.37));
  });

  it('a short page is one capture', () => {
    expect(screenshotStrips(900, 16_000, 0.5)).toEqual([{ yPx: 0, heightPx: 900, topPx: 0, heightOutPx: 450 }]);
  });

  it('refuses a limit, height or scale it cannot use, stating the range', () => {
    expect(() => screenshotStrips(0, 16_000, 1)).toThrow('pageHeightPx: expected a whole number of pixels ≥ 1, got 0');
    expect(() => screenshotStrips(100, 0, 1)).toThrow('maxStripPx');
    expect(() => screenshotStrips(100, 10, 1.5)).toThrow('scale: expected a number above 0, at most 1, got 1.5');
  });
});
