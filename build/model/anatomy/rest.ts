import type { EyeSample } from '../types.ts';

/** The twin's rest geometry (eye.md §0): 13 mm lid sphere, 10.65 mm opening at rest. */
export const GLOBE_RADIUS_MM = 12;
export const IRIS_RADIUS_MM = 6;
export const LID_SPHERE_RADIUS_MM = 13;
export const REST_APERTURE_MM = 10.65;
/** Upper margin sits a little higher above the globe centre than the lower sits below it. */
export const REST_UPPER_LID_MM = 5.6;
export const REST_LOWER_LID_MM = REST_UPPER_LID_MM - REST_APERTURE_MM;
export const REST_PUPIL_MM = 4;

export function restSample(): EyeSample {
  return {
    tMs: 0,
    yawDeg: 0,
    pitchDeg: 0,
    upperLidMm: REST_UPPER_LID_MM,
    lowerLidMm: REST_LOWER_LID_MM,
    apertureMm: REST_APERTURE_MM,
    blinkClosure: 0,
    wobbleXMm: 0,
    wobbleYMm: 0,
    pupilMm: REST_PUPIL_MM,
    browLiftMm: 0,
    frameScale: 1,
  };
}
