import { maskedBoxMean } from './box-mean.ts';
import { PICTURE_LIMITS } from './picture-limits.ts';
import { lumaOf, pxFor, type RgbaFrame } from './rgba-frame.ts';

export interface SkinChange {
  /** Largest blurred luma change (levels) outside the eye's outline, and where. */
  maxLevels: number;
  xPx: number;
  yPx: number;
  /** 99th percentile of the blurred change (levels). */
  p99Levels: number;
  /** Pixels compared. */
  pixels: number;
}

/**
 * How much the skin outside the eye's outline changed between the last open frame and a blink frame:
 * the per-pixel luma difference, box-averaged over `skinBlurMm` inside the region only (so the lids'
 * own moving skin next to it never leaks in), then its maximum and 99th percentile in levels, over the
 * pixels whose window holds at least PICTURE_LIMITS.skinAreaShare of region pixels.
 * "Stays as it was" (eye.md §11) passes at p99 ≤ 3 and max ≤ 6 levels (picture-limits.ts).
 */
export function blinkSkinChange(openFrame: RgbaFrame, blinkFrame: RgbaFrame, outside: Uint8Array, pxPerMm: number): SkinChange {
  const { width: w, height: h } = openFrame;
  if (blinkFrame.width !== w || blinkFrame.height !== h || outside.length !== w * h) {
    throw new Error(`blinkSkinChange: frames and region must share one size (${w}x${h})`);
  }
  const a = lumaOf(openFrame);
  const b = lumaOf(blinkFrame);
  const diff = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) diff[i] = b[i] - a[i];
  const r = pxFor(PICTURE_LIMITS.skinBlurMm, pxPerMm);
  const mean = maskedBoxMean(diff, outside, w, h, r, PICTURE_LIMITS.skinAreaShare * (2 * r + 1) ** 2);
  // A histogram in tenths of a level gives the percentile without sorting a million values.
  const bins = new Uint32Array(2561);
  let pixels = 0;
  let max = 0;
  let at = -1;
  for (let i = 0; i < w * h; i++) {
    // Not in the region, or too little of the region around it to read an area's change.
    if (!outside[i] || Number.isNaN(mean[i])) continue;
    const d = Math.abs(mean[i]);
    pixels++;
    bins[Math.min(2560, Math.round(d * 10))]++;
    if (d > max) {
      max = d;
      at = i;
    }
  }
  let p99 = 0;
  const rank = Math.ceil(0.99 * pixels);
  for (let k = 0, seen = 0; k < bins.length; k++) {
    seen += bins[k];
    if (seen >= rank) {
      p99 = k / 10;
      break;
    }
  }
  return { maxLevels: max, xPx: at < 0 ? -1 : at % w, yPx: at < 0 ? -1 : Math.floor(at / w), p99Levels: p99, pixels };
}
