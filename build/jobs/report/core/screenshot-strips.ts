/** One capture of a tall page: rows yPx … yPx + heightPx of the page, placed at topPx in the stitched image, heightOutPx tall there. */
export interface ScreenshotStrip {
  yPx: number;
  heightPx: number;
  topPx: number;
  heightOutPx: number;
}

/**
 * A tall page in captures of at most `maxStripPx` rows each (Chromium renders one capture into one
 * texture, 16384 px at most), end to end with no gap or overlap, and where each lands in a stitched
 * image scaled by `scale`: every strip's top and bottom are rounded from the page's own rows, so the
 * scaled strips tile the image exactly (the last ends at round(pageHeightPx · scale)).
 */
export function screenshotStrips(pageHeightPx: number, maxStripPx: number, scale: number): ScreenshotStrip[] {
  if (!Number.isInteger(pageHeightPx) || pageHeightPx < 1) throw new RangeError(`pageHeightPx: expected a whole number of pixels ≥ 1, got ${pageHeightPx}`);
  if (!Number.isInteger(maxStripPx) || maxStripPx < 1) throw new RangeError(`maxStripPx: expected a whole number of pixels ≥ 1, got ${maxStripPx}`);
  if (!(scale > 0 && scale <= 1)) throw new RangeError(`scale: expected a number above 0, at most 1, got ${scale}`);
  const strips: ScreenshotStrip[] = [];
  for (let y = 0; y < pageHeightPx; y += maxStripPx) {
    const heightPx = Math.min(maxStripPx, pageHeightPx - y);
    const topPx = Math.round(y * scale);
    strips.push({ yPx: y, heightPx, topPx, heightOutPx: Math.round((y + heightPx) * scale) - topPx });
  }
  return strips;
}
