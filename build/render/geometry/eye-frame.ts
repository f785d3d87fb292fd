/**
 * Where the eye sits on the canvas and how big a millimetre of the twin is there.
 *
 * The globe centre is the canvas centre (at rest the pupil is mid-frame). Scale follows the viewport
 * height only: 36 px/mm at 900 px tall, so the iris radius R (6 mm) is 216 px at 1440×900 and
 * 172.8 px at 1280×720. Model lengths are mm with +y up; canvas pixels have +y down.
 */
export const PX_PER_MM_AT_900_PX = 36;

export interface EyeFrame {
  widthPx: number;
  heightPx: number;
  pxPerMm: number;
  centerXPx: number;
  centerYPx: number;
}

export function eyeFrame(widthPx: number, heightPx: number): EyeFrame {
  return {
    widthPx,
    heightPx,
    pxPerMm: (PX_PER_MM_AT_900_PX * heightPx) / 900,
    centerXPx: widthPx / 2,
    centerYPx: heightPx / 2,
  };
}

/** Canvas x (px) of a point xMm right of the globe centre. */
export function xPx(f: EyeFrame, xMm: number): number {
  return f.centerXPx + xMm * f.pxPerMm;
}

/** Canvas y (px) of a point yMm above the globe centre. */
export function yPx(f: EyeFrame, yMm: number): number {
  return f.centerYPx - yMm * f.pxPerMm;
}

/** Inverse of xPx: mm right of the globe centre. */
export function xMmOf(f: EyeFrame, xPxValue: number): number {
  return (xPxValue - f.centerXPx) / f.pxPerMm;
}

/** Inverse of yPx: mm above the globe centre. */
export function yMmOf(f: EyeFrame, yPxValue: number): number {
  return (f.centerYPx - yPxValue) / f.pxPerMm;
}

/** Frame extent in mm (half width, half height): what part of the face is on screen. */
export function frameHalfExtentMm(f: EyeFrame): { xMm: number; yMm: number } {
  return { xMm: f.widthPx / 2 / f.pxPerMm, yMm: f.heightPx / 2 / f.pxPerMm };
}
