/**
 * What every picture test's page (build/testing/pages/*.page.ts, bundled by renderer-page.ts) shares:
 * a 2D context to draw into and read back, luma, and the window the page's measuring functions are
 * put on for `RendererPage.call`.
 */

/** A fresh canvas's 2D context, read back often (getImageData after every draw). */
export function context2d(width: number, height: number): CanvasRenderingContext2D {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('page-kit: no 2d context');
  return ctx;
}

/** Rec. 709 luma of the RGBA pixel at byte offset `i`. */
export function lumaAt(d: Uint8ClampedArray, i: number): number {
  return 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
}

/** The page's window as the table of functions `RendererPage.call` looks names up in. */
export const exposed = window as unknown as Record<string, unknown>;

/** The frame's size the test file asked for (renderer-page.ts defines it when it bundles the page). */
declare const __PAGE_SIZE__: { widthPx: number; heightPx: number };
export const PAGE_SIZE = __PAGE_SIZE__;
