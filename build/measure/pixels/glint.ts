import { xMmOf, yMmOf, type EyeFrame } from '../../render/mask-contract.ts';

/** The catchlight (corneal reflection) read from its plane of the mask pass. */
export interface GlintMeasure {
  /** Centroid, mm right of / above the globe centre (NaN when none shows). */
  xMm: number;
  yMm: number;
  /** Its area, mm² (0 when the lids cover it). */
  areaMm2: number;
}

/** The plane's box to read, px: what the cornea can reach (the glint never leaves it). */
export interface PlaneBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The glint as a pupil–CR tracker finds it: the bright blob of its own plane, its coverage-weighted
 * centroid (the red channel's level is the pixel's coverage, antialiased edges included). `rgba` is
 * the box's pixels (getImageData of `box`), `frame` the plane's geometry.
 */
export function measureGlint(rgba: Uint8ClampedArray | Uint8Array, box: PlaneBox, frame: EyeFrame): GlintMeasure {
  if (rgba.length !== box.w * box.h * 4) throw new Error(`glint plane: ${rgba.length} bytes for a ${box.w}x${box.h} box`);
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const w = rgba[(y * box.w + x) * 4] / 255;
      if (w <= 0) continue;
      sw += w;
      sx += w * (box.x + x + 0.5);
      sy += w * (box.y + y + 0.5);
    }
  }
  const area = sw / (frame.pxPerMm * frame.pxPerMm);
  if (sw < 1) return { xMm: NaN, yMm: NaN, areaMm2: area };
  return { xMm: xMmOf(frame, sx / sw), yMm: yMmOf(frame, sy / sw), areaMm2: area };
}

/** The box around the globe centre that holds the cornea wherever the eye turns (±halfMm), inside the plane. */
export function corneaBoxPx(frame: EyeFrame, halfMm = 9): PlaneBox {
  const half = Math.ceil(halfMm * frame.pxPerMm);
  const x = Math.max(0, Math.floor(frame.centerXPx - half));
  const y = Math.max(0, Math.floor(frame.centerYPx - half));
  return { x, y, w: Math.min(frame.widthPx - x, 2 * half), h: Math.min(frame.heightPx - y, 2 * half) };
}
