/**
 * What every picture test's page (build/testing/pages/*.page.ts, bundled by renderer-page.ts) shares:
 * a 2D context to draw into and read back, one sample's passes drawn and read back, luma, and the
 * window the page's measuring functions are put on for `RendererPage.call`.
 */
import { drawEye } from '../../render/draw-eye.ts';
import type { RenderPass } from '../../render/render-pass.ts';
import type { EyeSample } from '../../model/types.ts';
import type { EraId } from '../../scene/scene.ts';

/** A fresh canvas's 2D context, read back often (getImageData after every draw). */
export function context2d(width: number, height: number): CanvasRenderingContext2D {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('page-kit: no 2d context');
  return ctx;
}

/** One pass of a sample drawn at the page's size on a fresh canvas, read back: its RGBA bytes. */
export function drawPass(s: EyeSample, era: EraId, pass: RenderPass): Uint8ClampedArray {
  const ctx = context2d(PAGE_SIZE.widthPx, PAGE_SIZE.heightPx);
  drawEye(ctx, s, { width: PAGE_SIZE.widthPx, height: PAGE_SIZE.heightPx, era, pass });
  return ctx.getImageData(0, 0, PAGE_SIZE.widthPx, PAGE_SIZE.heightPx).data;
}

/** A sample's colour pass (`c`) and mask pass (`m`), each drawn on its own canvas and read back. */
export function drawPasses(s: EyeSample, era: EraId): { c: Uint8ClampedArray; m: Uint8ClampedArray } {
  return { c: drawPass(s, era, 'color'), m: drawPass(s, era, 'mask') };
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
