import { creaseMm } from '../geometry/crease.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';

/**
 * How the lid skin is stretched at a canvas column: the crease (fixed) and its slope there, and the
 * vertical scale about the crease that carries the rest margin onto the current one (> 1 closing,
 * < 1 when the lid lifts looking up).
 */
export interface LidStretch {
  xPx: number;
  creaseYPx: number;
  /** dy/dx of the crease in px. */
  creaseSlope: number;
  scale: number;
}

export function lidStretchAt(f: EyeFrame, m: LidMargins, xPxValue: number): LidStretch {
  const xm = xMmOf(f, xPxValue);
  const h = 0.05;
  const crease = yPx(f, creaseMm(xm));
  const slope = (yPx(f, creaseMm(xm + h)) - yPx(f, creaseMm(xm - h))) / (2 * h * f.pxPerMm);
  const rest = yPx(f, restLidMargins().upperMm(xm)) - crease;
  const now = yPx(f, m.upperMm(xm)) - crease;
  return { xPx: xPxValue, creaseYPx: crease, creaseSlope: slope, scale: rest > 0.5 ? Math.max(0.2, now / rest) : 1 };
}
