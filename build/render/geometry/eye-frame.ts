/**
 * Where the eye sits on the canvas and how big a millimetre of the twin is there.
 *
 * Scale follows the viewport height only: 36 px/mm at 900 px tall, so the iris radius R (6 mm) is
 * 216 px at 1440×900 and 172.8 px at 1280×720, and the frame is always 25 mm of face tall. The globe
 * centre is mid-width but sits low (eye.md §11: one eye and its whole brow in frame): FRAME_TOP_MM
 * above it and 7.5 mm below. Bottom: the lower margin rests 5.65 mm down and falls to ~6.4 mm in
 * 2009's down-gaze, so some lower-lid skin always shows (≥ ~1.1 mm). Top: the brow's hair reaches
 * ~14.2 mm at rest (brow-shape.ts) and its highest lift over long runs of every scene and preset is
 * 2.33 mm (2013's selfie lens), leaving ~1.0 mm (36 px at 900) of forehead above it; a larger lift
 * saturates as drawn (browDrawnLiftMm), so no lift reaches the top rows.
 * Model lengths are mm with +y up; canvas pixels have +y down.
 */
export const PX_PER_MM_AT_900_PX = 36;
/** Face height in the frame, mm (900 px / 36 px/mm). */
export const FRAME_HEIGHT_MM = 900 / PX_PER_MM_AT_900_PX;
/** The frame's top edge, mm above the globe centre (the rest of FRAME_HEIGHT_MM lies below it). */
export const FRAME_TOP_MM = 17.5;

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
    centerYPx: (FRAME_TOP_MM * heightPx) / FRAME_HEIGHT_MM,
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

/** Frame extent in mm about the globe centre: half the width, and the top and bottom edges (+ up). */
export function frameExtentMm(f: EyeFrame): { halfWidthMm: number; topMm: number; bottomMm: number } {
  return { halfWidthMm: f.widthPx / 2 / f.pxPerMm, topMm: yMmOf(f, 0), bottomMm: yMmOf(f, f.heightPx) };
}
