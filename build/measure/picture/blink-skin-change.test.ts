import { describe, expect, it } from 'vitest';
import { MASK_BROW, MASK_SCLERA, MASK_SKIN } from '../../render/mask-colors.ts';
import { blinkSkinChange } from './blink-skin-change.ts';
import { maskedBoxMean } from './box-mean.ts';
import { PICTURE_LIMITS } from './picture-limits.ts';
import { outlineRegion } from './outline-region.ts';
import { skinChangeHolds } from './picture-report.ts';
import { cloneFrame, fillEllipse, fillRect, skinFrame, type Rgb } from '../../testing/synthetic-picture.ts';

// 720p: 28.8 px/mm. The opening: an ellipse 29 mm wide, 10.65 mm tall, at the frame's centre.
const W = 1280;
const H = 720;
const PPM = 28.8;
const CX = W / 2;
const CY = H / 2;
const RX = 14.5 * PPM;
const RY = (10.65 / 2) * PPM;
const rgb = (c: { r: number; g: number; b: number }): Rgb => [c.r, c.g, c.b];

function maskFrame(brow = false, cy = CY) {
  const m = skinFrame(W, H, 0, rgb(MASK_SKIN));
  fillEllipse(m, CX, cy, RX, RY, rgb(MASK_SCLERA));
  if (brow) fillRect(m, 200, 10, 1100, 40, rgb(MASK_BROW));
  return m;
}

function openFrame() {
  const f = skinFrame(W, H);
  fillEllipse(f, CX, CY, RX, RY, [235, 232, 228]);
  return f;
}

/** A closed eye drawn well: the lid's skin over the opening, its fold within the lids' region. */
function closedFrame() {
  const f = cloneFrame(openFrame());
  fillEllipse(f, CX, CY, RX + 2, RY + 2, [200, 150, 130]);
  fillEllipse(f, CX, CY - RY - 3 * PPM, RX, 2 * PPM, [0, 0, 0], 0.15); // the crease deepens, 3 mm above
  return f;
}

describe('outlineRegion: the skin a blink must leave alone', () => {
  // The eye 4 mm below the frame's centre, so that the hood above the crease is in the frame.
  const cy = CY + 4 * PPM;
  const r = outlineRegion(maskFrame(false, cy), PPM);
  const at = (x: number, y: number) => r.outside[Math.round(y) * W + Math.round(x)];
  it('leaves out the opening, the lid up to the crease and past it, 1 mm below and beyond the canthi', () => {
    expect(r.opening).not.toBeNull();
    expect(at(CX, cy)).toBe(0);
    expect(at(CX, cy - RY - 7.5 * PPM)).toBe(0); // 7.5 mm above the upper margin: lid and crease
    expect(at(CX, cy - RY - 9 * PPM)).toBe(1); // above it: the hood, which stays put
    expect(at(CX, cy + RY + 0.7 * PPM)).toBe(0);
    expect(at(CX, cy + RY + 2 * PPM)).toBe(1); // the cheek
    expect(at(CX - RX - 0.7 * PPM, cy)).toBe(0); // just beyond the canthus
    expect(at(CX - RX - 2 * PPM, cy)).toBe(1);
    expect(r.browFromMask).toBe(false);
  });
  it('cuts out the brow: from the mask when it has a brow class, else the rows it is told', () => {
    const withBrow = outlineRegion(maskFrame(true), PPM);
    expect(withBrow.browFromMask).toBe(true);
    expect(withBrow.outside[25 * W + 600]).toBe(0);
    expect(withBrow.outside[Math.round(40 + PPM * 1.5) * W + 100]).toBe(1);
    const rows = outlineRegion(maskFrame(), PPM, 60);
    expect(rows.outside[59 * W + 100]).toBe(0);
    expect(rows.outside[61 * W + 100]).toBe(1);
  });
  it('an antialiased skin/sclera edge (as near to brow yellow as to white) is not taken for a brow', () => {
    expect(outlineRegion(maskFrame(), PPM).browFromMask).toBe(false);
  });
});

describe('blinkSkinChange', () => {
  const region = outlineRegion(maskFrame(), PPM);
  it('a closed eye drawn within the lids\' region leaves the skin as it was: passes at 0 levels', () => {
    const c = blinkSkinChange(openFrame(), closedFrame(), region.outside, PPM);
    expect(c.p99Levels).toBe(0);
    expect(c.maxLevels).toBeLessThan(0.5);
    expect(skinChangeHolds(c)).toBe(true);
  });
  it('a see-through tan slab hanging 3 mm below the lower lid fails, and says where', () => {
    const f = closedFrame();
    fillRect(f, CX - RX, CY, CX + RX, CY + RY + 3 * PPM, [170, 130, 100], 0.45);
    const c = blinkSkinChange(openFrame(), f, region.outside, PPM);
    expect(c.maxLevels).toBeGreaterThan(8);
    expect(c.yPx).toBeGreaterThan(CY + RY);
    expect(skinChangeHolds(c)).toBe(false);
  });
  it('a shadow darkening the whole cheek by 5 levels fails on p99 (a band, not a spot)', () => {
    const f = closedFrame();
    fillRect(f, 0, CY + RY + 1.5 * PPM, W, H, [0, 0, 0], 0.035);
    const c = blinkSkinChange(openFrame(), f, region.outside, PPM);
    expect(c.p99Levels).toBeGreaterThan(3);
    expect(skinChangeHolds(c)).toBe(false);
  });
  it('reads an area, not a few pixels\' grain: where the region leaves under a quarter of the blur\'s square (the frame\'s edge, lashes cut out above it), it is not read', () => {
    // A medium's grain, new each frame (2003's webcam), and nothing else changing.
    const open = skinFrame(W, H, 14, undefined, 1);
    const now = skinFrame(W, H, 14, undefined, 2);
    // Shut lashes hanging over the cheek, cut out of the region down to 2 rows above the frame's edge.
    const outside = new Uint8Array(region.outside);
    for (let y = H - 60; y < H - 2; y++) for (let x = 560; x < 720; x++) outside[y * W + x] = 0;
    const r = Math.round(PICTURE_LIMITS.skinBlurMm * PPM);
    const diff = new Float32Array(W * H);
    for (let i = 0; i < W * H; i++) diff[i] = now.data[4 * i + 1] - open.data[4 * i + 1];
    const sliver = (H - 1) * W + 640;
    // Read at one pixel, the sliver's mean is of 2 rows (58 pixels of the 841): its grain, which the full square averages away.
    expect(Number.isFinite(maskedBoxMean(diff, outside, W, H, r)[sliver])).toBe(true);
    expect(Number.isNaN(maskedBoxMean(diff, outside, W, H, r, PICTURE_LIMITS.skinAreaShare * (2 * r + 1) ** 2)[sliver])).toBe(true);
    const c = blinkSkinChange(open, now, outside, PPM);
    expect(c.yPx).toBeLessThan(H - 2);
    expect(skinChangeHolds(c)).toBe(true);
  });
  it('frames of different sizes are refused', () => {
    expect(() => blinkSkinChange(openFrame(), skinFrame(640, 360), region.outside, PPM)).toThrow(/one size/);
  });
});
