import type { Page } from 'puppeteer-core';
import sharp, { type OverlayOptions } from 'sharp';
import { screenshotStrips } from '../core/screenshot-strips.ts';

/**
 * Chromium draws one capture into one texture, at most 16384 px tall: a longer page is taken in
 * strips of at most this many rows.
 */
export const MAX_CAPTURE_PX = 16_000;

/** The whole page as one PNG (coveredPx: the page's rows the strips took), `widthPx` wide: captured in strips (screenshotStrips), each scaled by `scale`, stitched with sharp. */
export async function captureFullPage(page: Page, widthPx: number, pageHeightPx: number, scale: number): Promise<{ png: Buffer; widthPx: number; heightPx: number; strips: number; coveredPx: number }> {
  const strips = screenshotStrips(pageHeightPx, MAX_CAPTURE_PX, scale);
  const outWidth = Math.round(widthPx * scale);
  const parts: OverlayOptions[] = [];
  for (const s of strips) {
    // Chromium draws the strip at the scale itself: a quarter of the pixels to raster and encode, no resize here.
    // Its fast PNG (optimizeForSpeed: lighter compression, the same pixels) since the strips are only
    // decoded and stitched here: the 26-film page's 7 strips took 6.6–7.3 s, not 8.3–10.2, and
    // report.png came out byte for byte the same (2026-12-07).
    const shot = Buffer.from(await page.screenshot({ clip: { x: 0, y: s.yPx, width: widthPx, height: s.heightPx, scale }, captureBeyondViewport: true, optimizeForSpeed: true }));
    const input = (await sharp(shot).metadata()).height === s.heightOutPx ? shot : await sharp(shot).resize(outWidth, s.heightOutPx, { fit: 'fill' }).png().toBuffer();
    parts.push({ input, top: s.topPx, left: 0 });
  }
  const last = strips[strips.length - 1];
  const heightPx = last.topPx + last.heightOutPx;
  const png = await sharp({ create: { width: outWidth, height: heightPx, channels: 3, background: '#ffffff' }, limitInputPixels: false })
    .composite(parts)
    // A palette: a quarter of the bytes of full colour for the page's flat text and plots (its stills dither a little).
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();
  return { png, widthPx: outWidth, heightPx, strips: strips.length, coveredPx: strips.reduce((n, x) => n + x.heightPx, 0) };
}
