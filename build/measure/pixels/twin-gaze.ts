import { GLOBE_RADIUS_MM } from '../../model/anatomy/rest.ts';

const DEG = 180 / Math.PI;

/**
 * Gaze from where the pupil is seen, through the twin (render/geometry/iris-pose.ts, inverted): the
 * pupil sits on the 12 mm globe, so its image-plane centre is 12 mm·(sin yaw·cos pitch, sin pitch).
 * A dark-pupil tracker knows the eye's geometry but not the iris wobble, which therefore reads as a
 * small gaze movement (as a real tracker's post-saccadic oscillation does). Outside the globe's
 * silhouette the angles clamp at ±90°.
 */
export function gazeFromPupilCenter(xMm: number, yMm: number): { yawDeg: number; pitchDeg: number } {
  const sinPitch = clamp1(yMm / GLOBE_RADIUS_MM);
  const cosPitch = Math.sqrt(1 - sinPitch * sinPitch);
  const sinYaw = cosPitch === 0 ? 0 : clamp1(xMm / (GLOBE_RADIUS_MM * cosPitch));
  return { yawDeg: Math.asin(sinYaw) * DEG, pitchDeg: Math.asin(sinPitch) * DEG };
}

function clamp1(v: number): number {
  return v < -1 ? -1 : v > 1 ? 1 : v;
}
