import type { EraId } from '../../scene/scene.ts';
import type { EyeSample } from '../types.ts';

/**
 * The twin's rest geometry (eye.md §0): 12 mm globe, 6 mm iris, lid margins on a 13 mm sphere about
 * the globe centre, 10.65 mm opening at rest.
 *
 * The split of that opening between the two margins is the one free number of the lid twin. With the
 * upper margin 5.0 mm above the globe centre (it covers the top ~1 mm of the iris, as in a relaxed
 * adult eye) and the lower 5.65 mm below (at the lower limbus), the riding rules of §5 give the
 * opening table's other two values: ~10.91 mm at full up-gaze and ~8.40 mm at full down-gaze (see
 * lids.ts; solved by scanning the split, 5.0 is the only value within 0.05 mm of both).
 */
export const GLOBE_RADIUS_MM = 12;
export const IRIS_RADIUS_MM = 6;
export const LID_SPHERE_RADIUS_MM = 13;
export const REST_APERTURE_MM = 10.65;
export const REST_UPPER_LID_MM = 5.0;
export const REST_LOWER_LID_MM = REST_UPPER_LID_MM - REST_APERTURE_MM;
export const REST_PUPIL_MM = 4;

/** The eye at rest, open, looking ahead (in `era`: the present day's unless given). */
export function restSample(era: EraId = '2026'): EyeSample {
  return {
    tMs: 0,
    era,
    yawDeg: 0,
    targetYawDeg: NaN,
    targetPitchDeg: NaN,
    pitchDeg: 0,
    upperLidMm: REST_UPPER_LID_MM,
    lowerLidMm: REST_LOWER_LID_MM,
    apertureMm: REST_APERTURE_MM,
    blinkClosure: 0,
    wobbleXMm: 0,
    wobbleYMm: 0,
    pupilMm: REST_PUPIL_MM,
    browLiftMm: 0,
    ...RELAXED_FACE,
    frameScale: 1,
  };
}

/** A face with every muscle relaxed and the brow at rest: the trace columns of a model without a face. */
export const RELAXED_FACE = {
  browHeadMm: 0,
  browInnerMm: 0,
  browMidMm: 0,
  browOuterMm: 0,
  browTailMm: 0,
  au1Activation: 0,
  au2Activation: 0,
  au4Activation: 0,
  au6Activation: 0,
  au5Activation: 0,
  au7Activation: 0,
  au43Activation: 0,
} as const satisfies Partial<EyeSample>;
