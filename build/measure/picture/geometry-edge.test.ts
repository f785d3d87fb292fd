import { describe, expect, it } from 'vitest';
import { MASK_IRIS, MASK_SCLERA } from '../../render/mask-colors.ts';
import { onMaskBoundary } from './geometry-edge.ts';
import { maskClasses } from './mask-classes.ts';
import { PICTURE_LIMITS } from './picture-limits.ts';
import { lumaOf, type RgbaFrame } from './rgba-frame.ts';
import { fillEllipse, fillRect, skinFrame, type Rgb } from '../../testing/synthetic-picture.ts';
import { verticalEdgeRuns } from './vertical-edges.ts';

const W = 1280;
const H = 720;
const PPM = 28.8;
const rgb = (c: { r: number; g: number; b: number }): Rgb => [c.r, c.g, c.b];

/** The era's coarse pixels: each q×q block takes its top-left pixel (a nearest-neighbour upscale). */
function blocks(f: RgbaFrame, q: number): void {
  for (let y = 0; y < f.height; y++) {
    for (let x = 0; x < f.width; x++) {
      const s = (Math.floor(y / q) * q * f.width + Math.floor(x / q) * q) * 4;
      const d = (y * f.width + x) * 4;
      for (let c = 0; c < 4; c++) f.data[d + c] = f.data[s + c];
    }
  }
}

describe('onMaskBoundary: an honest curve in coarse pixels vs a slab\'s end', () => {
  const color = skinFrame(W, H, 2, [235, 232, 228]);
  fillEllipse(color, 640.4, 360, 6 * PPM, 6 * PPM, [70, 110, 120]);
  fillRect(color, 150.3, 250, 300, 250 + 2.5 * PPM, [170, 130, 100], 0.5);
  blocks(color, 3);
  const mask = skinFrame(W, H, 0, rgb(MASK_SCLERA));
  fillEllipse(mask, 640.4, 360, 6 * PPM, 6 * PPM, rgb(MASK_IRIS));
  const classes = maskClasses(mask);
  const runs = verticalEdgeRuns(lumaOf(color), W, H, PPM, {}, Math.floor(PICTURE_LIMITS.maxVerticalEdgeMm * PPM) + 1);

  it('3-px blocks make the iris\'s side read as a straight edge over the cap: it lies on the mask\'s boundary', () => {
    const iris = runs.filter((r) => Math.abs(r.xPx - (640.4 - 6 * PPM)) < 4 || Math.abs(r.xPx - (640.4 + 6 * PPM)) < 4);
    expect(iris.length).toBeGreaterThan(0);
    for (const r of iris) expect(onMaskBoundary(r, classes, W)).toBe(true);
  });

  it('the slab\'s end is over the cap and has no geometry under it', () => {
    const slab = runs.find((r) => Math.abs(r.xPx - 150.3) < 3);
    expect(slab).toBeDefined();
    expect(slab!.lengthMm).toBeGreaterThan(PICTURE_LIMITS.maxVerticalEdgeMm);
    expect(onMaskBoundary(slab!, classes, W)).toBe(false);
  });
});
