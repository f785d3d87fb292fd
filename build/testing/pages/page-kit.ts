/**
 * What every picture test's page (build/testing/pages/*.page.ts, bundled by renderer-page.ts) shares:
 * a 2D context to draw into and read back, one sample's passes drawn and read back, luma, the white's
 * brightness, a box blur, and the window the page's measuring functions are put on for `RendererPage.call`.
 */
import { drawEye } from '../../render/draw-eye.ts';
import { MASK_SCLERA, classifyMaskPixel } from '../../render/mask-colors.ts';
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

/** One pass of a sample drawn at the page's size on a fresh canvas, read back: its RGBA bytes (`grain` false: before the camera's grain, View.grain). */
export function drawPass(s: EyeSample, era: EraId, pass: RenderPass, grain = true): Uint8ClampedArray {
  const ctx = context2d(PAGE_SIZE.widthPx, PAGE_SIZE.heightPx);
  drawEye(ctx, s, { width: PAGE_SIZE.widthPx, height: PAGE_SIZE.heightPx, era, pass, grain });
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

/** The 90th percentile of the colour pass's luma (`c`) over every sclera pixel of the mask pass (`m`): the
 * white's brightness, which a shaded part of the picture is read against. */
export function whiteLumaP90(c: Uint8ClampedArray, m: Uint8ClampedArray): number {
  const white: number[] = [];
  for (let i = 0; i < m.length; i += 4) if (classifyMaskPixel(m[i], m[i + 1], m[i + 2]) === MASK_SCLERA) white.push(lumaAt(c, i));
  white.sort((a, b) => a - b);
  return white[Math.floor(0.9 * white.length)];
}

/** A box blur of `v`, a frame of the page's size (radius r px, clipped at the edges), by summed-area table. */
export function boxBlur(v: Float32Array, r: number): Float32Array {
  const W = PAGE_SIZE.widthPx;
  const H = PAGE_SIZE.heightPx;
  const sat = new Float64Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++) {
    let row = 0;
    for (let x = 0; x < W; x++) {
      row += v[y * W + x];
      sat[(y + 1) * (W + 1) + x + 1] = sat[y * (W + 1) + x + 1] + row;
    }
  }
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const x0 = Math.max(0, x - r), x1 = Math.min(W, x + r + 1), y0 = Math.max(0, y - r), y1 = Math.min(H, y + r + 1);
      const s = sat[y1 * (W + 1) + x1] - sat[y0 * (W + 1) + x1] - sat[y1 * (W + 1) + x0] + sat[y0 * (W + 1) + x0];
      out[y * W + x] = s / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/** The page's window as the table of functions `RendererPage.call` looks names up in. */
export const exposed = window as unknown as Record<string, unknown>;

/** The frame's size the test file asked for (renderer-page.ts defines it when it bundles the page). */
declare const __PAGE_SIZE__: { widthPx: number; heightPx: number };
export const PAGE_SIZE = __PAGE_SIZE__;
