import { LID_SPHERE_RADIUS_MM, REST_UPPER_LID_MM } from '../../model/anatomy/rest.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, fissureT, restUpperMarginMm, upperArch } from './lid-shape.ts';

/**
 * The upper lid crease: where the lid's own skin folds under the hood. It stays put as the eye moves
 * (only the skin between it and the margin rides with the lid).
 *
 * "~6.5 mm above the margin" is measured along the lid, which lies on the 13 mm sphere: from the rest
 * margin's elevation asin(5.0/13) the crease is 6.5/13 rad further up, which projects to ~10.1 mm
 * above the globe centre, ~5.1 mm above the margin in the picture. Toward the canthi it comes down to
 * ~1.7 mm above the canthal line and runs a little past the lateral canthus, as a real crease does.
 */
export const CREASE_ALONG_LID_MM = 6.5;

export const CREASE_HEIGHT_AT_CENTRE_MM =
  LID_SPHERE_RADIUS_MM *
  Math.sin(Math.asin(REST_UPPER_LID_MM / LID_SPHERE_RADIUS_MM) + CREASE_ALONG_LID_MM / LID_SPHERE_RADIUS_MM);

const CREASE_AT_CANTHI_MM = 1.7;
/** The crease's own extent: a little past the lateral canthus, ending above the medial one. */
export const CREASE_LATERAL_END_MM = CANTHUS_LATERAL_MM.x - 3.5;
export const CREASE_MEDIAL_END_MM = CANTHUS_MEDIAL_MM.x - 0.5;

const T_CENTRE = fissureT(0);
const GAP_AT_CENTRE_MM = CREASE_HEIGHT_AT_CENTRE_MM - restUpperMarginMm(0);

/** Height of the crease (mm above the globe centre) at column x. */
export function creaseMm(xMm: number): number {
  if (xMm < CANTHUS_LATERAL_MM.x) {
    // Past the lateral canthus it runs on, sloping gently down toward the temple.
    return CANTHUS_LATERAL_MM.y + CREASE_AT_CANTHI_MM - 0.22 * (CANTHUS_LATERAL_MM.x - xMm);
  }
  const t = fissureT(xMm);
  // The gap above the margin: widest over the pupil, narrowing toward the canthi.
  const shape = Math.pow(upperArch(t), 0.7) / Math.pow(upperArch(T_CENTRE), 0.7);
  return restUpperMarginMm(xMm) + CREASE_AT_CANTHI_MM + (GAP_AT_CENTRE_MM - CREASE_AT_CANTHI_MM) * shape;
}
