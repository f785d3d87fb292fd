import { GLOBE_RADIUS_MM, IRIS_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { EyeSample } from '../../model/types.ts';
import type { EyeFrame } from './eye-frame.ts';
import { xPx, yPx } from './eye-frame.ts';

/**
 * Where the iris is and how it is foreshortened, from the globe's rotation.
 *
 * The iris (and the pupil seen through the cornea) sits on the 12 mm globe along the gaze direction
 * d = (sin yaw·cos pitch, sin pitch, cos yaw·cos pitch); orthographic projection puts its centre at
 * 12 mm·(d.x, d.y) and squashes the disc into an ellipse whose minor axis lies along (d.x, d.y),
 * scaled by d.z. Wobble is an image-plane offset of the iris and pupil together.
 */
export interface IrisPose {
  centerXMm: number;
  centerYMm: number;
  radiusMm: number;
  pupilRadiusMm: number;
  /** Foreshortening along the tilt direction: cos of the angle between gaze and view axis. */
  minorScale: number;
  /** Direction of the minor axis in the model plane (+y up), radians from +x. */
  tiltRad: number;
  /** The globe's rotation (radians), for the disc's projection matrix. */
  yawRad: number;
  pitchRad: number;
}

const DEG = Math.PI / 180;

export function irisPose(
  s: Pick<EyeSample, 'yawDeg' | 'pitchDeg' | 'wobbleXMm' | 'wobbleYMm' | 'pupilMm'>,
): IrisPose {
  const yaw = s.yawDeg * DEG;
  const pitch = s.pitchDeg * DEG;
  const dx = Math.sin(yaw) * Math.cos(pitch);
  const dy = Math.sin(pitch);
  const dz = Math.cos(yaw) * Math.cos(pitch);
  return {
    centerXMm: GLOBE_RADIUS_MM * dx + s.wobbleXMm,
    centerYMm: GLOBE_RADIUS_MM * dy + s.wobbleYMm,
    radiusMm: IRIS_RADIUS_MM,
    pupilRadiusMm: Math.max(0, s.pupilMm) / 2,
    minorScale: dz,
    tiltRad: dx === 0 && dy === 0 ? 0 : Math.atan2(dy, dx),
    yawRad: yaw,
    pitchRad: pitch,
  };
}

/**
 * The linear map (model plane, +y up) taking the frontal iris disc onto its projection: the disc's
 * horizontal tangent (cos yaw, 0, −sin yaw) and its vertical tangent (−sin yaw·sin pitch, cos pitch,
 * −cos yaw·sin pitch), projected. Columns (a, b) and (c, d): x' = a·u + c·v, y' = b·u + d·v. Its
 * determinant is the foreshortening cos yaw·cos pitch, and it maps the unit circle onto exactly the
 * ellipse `discEllipsePx` describes; drawing a texture through it turns the texture as the iris turns.
 */
export function irisDiscMatrix(pose: IrisPose): { a: number; b: number; c: number; d: number } {
  const yaw = pose.yawRad;
  const pitch = pose.pitchRad;
  return { a: Math.cos(yaw), b: 0, c: -Math.sin(yaw) * Math.sin(pitch), d: Math.cos(pitch) };
}

/** An ellipse in canvas pixels, in the arguments `ctx.ellipse` takes. */
export interface EllipsePx {
  xPx: number;
  yPx: number;
  /** Semi-axis along `rotationRad` (the foreshortened one). */
  radiusXPx: number;
  radiusYPx: number;
  /** Canvas rotation (y down) of the radiusX axis. */
  rotationRad: number;
}

/** The projected disc of radius `radiusMm` (the iris, or the pupil) in canvas pixels. */
export function discEllipsePx(f: EyeFrame, pose: IrisPose, radiusMm: number): EllipsePx {
  return {
    xPx: xPx(f, pose.centerXMm),
    yPx: yPx(f, pose.centerYMm),
    radiusXPx: radiusMm * pose.minorScale * f.pxPerMm,
    radiusYPx: radiusMm * f.pxPerMm,
    // Canvas y points down, so the model's tilt angle flips sign.
    rotationRad: -pose.tiltRad,
  };
}
