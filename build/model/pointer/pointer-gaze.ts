import { DEG_PER_RIG_UNIT, pitchDegFromRigY } from '../anatomy/gaze-pitch.ts';

/**
 * Where on the visitor's side the pointer is, as a gaze direction (our choice; eye.md is silent).
 * The pointer is taken to lie on the plane of the visitor's face: the visitor sits ~60 cm from a screen
 * on which the iris radius R is ~5.7 cm (R ≈ 216 px at 1440×900 on a ~15" laptop), so a pointer offset
 * of d·R subtends atan2(d·5.7 cm, 60 cm): ~5.4° per R near the middle, saturating far out. This is the
 * same plane-offset-to-angle rule the layered rig uses (eye.md §9, `atan2(offsetCm, lookAtDistanceCm)`).
 * The vertical angle is a rig y (before shaping), so looking up at the pointer meets the same soft stop.
 */
export const VISITOR_DISTANCE_CM = 60;
export const IRIS_RADIUS_ON_SCREEN_CM = 5.7;
/** Furthest the eye turns sideways toward a pointer, degrees (our choice: the iris stays clear of the corner). */
export const POINTER_MAX_YAW_DEG = 30;
/** Vertical rig range toward a pointer (−1 → 16° down, +1 → 8.5° up). */
export const POINTER_MAX_RIG_Y = 1;

const RAD_TO_DEG = 180 / Math.PI;

/** Horizontal angle to a pointer at `xR`, degrees (unclamped). */
export function pointerAngleDeg(offsetR: number): number {
  return Math.atan2(offsetR * IRIS_RADIUS_ON_SCREEN_CM, VISITOR_DISTANCE_CM) * RAD_TO_DEG;
}

/** Eye yaw toward a pointer at `xR`, degrees, clamped to the follow range. */
export function pointerYawDeg(xR: number): number {
  const a = pointerAngleDeg(xR);
  return a > POINTER_MAX_YAW_DEG ? POINTER_MAX_YAW_DEG : a < -POINTER_MAX_YAW_DEG ? -POINTER_MAX_YAW_DEG : a;
}

/** Raw rig y toward a pointer at `yR` (before pitch shaping), clamped to ±1. */
export function pointerRigY(yR: number): number {
  const y = pointerAngleDeg(yR) / DEG_PER_RIG_UNIT;
  return y > POINTER_MAX_RIG_Y ? POINTER_MAX_RIG_Y : y < -POINTER_MAX_RIG_Y ? -POINTER_MAX_RIG_Y : y;
}

/** Eye pitch toward a pointer at `yR`, degrees, after the rig's pitch shaping. */
export function pointerPitchDeg(yR: number): number {
  return pitchDegFromRigY(pointerRigY(yR));
}
