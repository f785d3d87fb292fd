import { describe, expect, it } from 'vitest';
import { MASK_BROW, MASK_SKIN } from '../../render/mask-colors.ts';
import { browRowsFromColor, topRowsBrow } from './top-rows-brow.ts';
import { fillRect, paintBrow, scanlines, skinFrame, type Rgb } from '../../testing/synthetic-picture.ts';

const W = 1280;
const H = 720;
const PPM = 28.8;
const rgb = (c: { r: number; g: number; b: number }): Rgb => [c.r, c.g, c.b];

describe('topRowsBrow: the top 0.5 mm of rows hold no brow', () => {
  it('a brow cut off by the frame\'s top (today\'s) fails; the same brow 3 mm lower passes', () => {
    const high = skinFrame(W, H);
    paintBrow(high, -20, 40);
    const low = skinFrame(W, H);
    paintBrow(low, 3 * PPM, 3 * PPM + 60);
    const a = topRowsBrow(high, PPM);
    const b = topRowsBrow(low, PPM);
    expect(a.rows).toBe(14);
    expect(a.brow).toBe(true);
    expect(a.hairScore).toBeGreaterThan(0.1);
    expect(b.brow).toBe(false);
    expect(Math.abs(b.hairScore)).toBeLessThan(0.01);
  });

  it('a medium\'s texture over the whole frame (scanlines) is not hair', () => {
    const high = skinFrame(W, H);
    paintBrow(high, -20, 40);
    const low = skinFrame(W, H);
    paintBrow(low, 3 * PPM, 3 * PPM + 60);
    scanlines(high, 4, 0.64);
    scanlines(low, 4, 0.64);
    expect(topRowsBrow(high, PPM).brow).toBe(true);
    expect(topRowsBrow(low, PPM).brow).toBe(false);
  });

  it('a smooth darkening toward the top (a vignette, a screen glow from below) is not hair', () => {
    const f = skinFrame(W, H);
    for (let y = 0; y < 200; y++) fillRect(f, 0, y, W, y + 1, [0, 0, 0], 0.6 * (1 - y / 200));
    expect(topRowsBrow(f, PPM).brow).toBe(false);
  });

  it('reads the mask\'s brow class when there is one', () => {
    const color = skinFrame(W, H);
    const maskHigh = skinFrame(W, H, 0, rgb(MASK_SKIN));
    fillRect(maskHigh, 300, 0, 1000, 40, rgb(MASK_BROW));
    const maskLow = skinFrame(W, H, 0, rgb(MASK_SKIN));
    fillRect(maskLow, 300, 90, 1000, 140, rgb(MASK_BROW));
    const maskNone = skinFrame(W, H, 0, rgb(MASK_SKIN));
    expect(topRowsBrow(color, PPM, maskHigh)).toMatchObject({ brow: true, maskBrowPixels: 700 * 14 });
    expect(topRowsBrow(color, PPM, maskLow)).toMatchObject({ brow: false, maskBrowPixels: 0 });
    expect(topRowsBrow(color, PPM, maskNone)).toMatchObject({ brow: false, maskBrowPixels: null });
  });
});

describe('browRowsFromColor', () => {
  it('finds the rows a brow covers (plus 1 mm), and none on bare skin', () => {
    const f = skinFrame(W, H);
    paintBrow(f, 20, 70);
    const rows = browRowsFromColor(f, PPM, 200);
    expect(rows).toBeGreaterThan(70);
    expect(rows).toBeLessThan(70 + 2 * PPM);
    expect(browRowsFromColor(skinFrame(W, H), PPM, 200)).toBe(0);
  });
});
