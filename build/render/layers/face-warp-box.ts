import { CREASE_HEIGHT_AT_CENTRE_MM, CREASE_LATERAL_END_MM } from '../geometry/crease.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, REST_LOWER_AMPLITUDE_MM, canthalLineMm } from '../geometry/lid-shape.ts';
import type { BoundsPx } from './bounds.ts';

/**
 * The part of the frame the lids can ever change, with room around it for the lashes at any closure
 * and gaze: from above the crease to under the lower lashes, from past the crease's lateral end to
 * past the medial canthus. Outside it the face is the rest skin, always.
 */
export const FACE_BOX_MARGIN_MM = { lateral: 2.5, medial: 3, top: 1, bottom: 5 };

export function faceWarpBox(f: EyeFrame): BoundsPx {
  const x0 = Math.max(0, Math.floor(xPx(f, Math.min(CREASE_LATERAL_END_MM, CANTHUS_LATERAL_MM.x) - FACE_BOX_MARGIN_MM.lateral)));
  const x1 = Math.min(f.widthPx, Math.ceil(xPx(f, CANTHUS_MEDIAL_MM.x + FACE_BOX_MARGIN_MM.medial)));
  const y0 = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + FACE_BOX_MARGIN_MM.top)));
  const lowestMm = canthalLineMm(0) - REST_LOWER_AMPLITUDE_MM;
  const y1 = Math.min(f.heightPx, Math.ceil(yPx(f, lowestMm - FACE_BOX_MARGIN_MM.bottom)));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
