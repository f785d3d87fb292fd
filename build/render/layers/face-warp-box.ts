import { CREASE_HEIGHT_AT_CENTRE_MM } from '../geometry/crease.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, REST_LOWER_AMPLITUDE_MM, canthalLineMm } from '../geometry/lid-shape.ts';
import { HOOD_ROLL_REACH_MM } from '../assets/skin.ts';
import type { BoundsPx } from './bounds.ts';

/**
 * The part of the frame the lids can ever change, with room for the lashes at any closure and gaze
 * (lashes.test.ts holds them inside): from just above the crease's top to under the lower lashes in
 * down-gaze (and the hood's roll of light above the crease, which the warp fades), from past the lateral lashes' fan to past the medial canthus. Outside it the face is the
 * rest skin, always; every pixel of it is blitted each frame, so it is kept tight.
 */
export const FACE_BOX_MARGIN_MM = { lateral: 3.8, medial: 2.2, top: HOOD_ROLL_REACH_MM + 0.1, bottom: 3.2 };

export function faceWarpBox(f: EyeFrame): BoundsPx {
  const x0 = Math.max(0, Math.floor(xPx(f, CANTHUS_LATERAL_MM.x - FACE_BOX_MARGIN_MM.lateral)));
  const x1 = Math.min(f.widthPx, Math.ceil(xPx(f, CANTHUS_MEDIAL_MM.x + FACE_BOX_MARGIN_MM.medial)));
  const y0 = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + FACE_BOX_MARGIN_MM.top)));
  const lowestMm = canthalLineMm(0) - REST_LOWER_AMPLITUDE_MM;
  const y1 = Math.min(f.heightPx, Math.ceil(yPx(f, lowestMm - FACE_BOX_MARGIN_MM.bottom)));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
