import { REST_APERTURE_MM } from '../../../model/anatomy/rest.ts';
import { GAZE_RIG } from '../../../spec/eye-spec.ts';
import type { LiveLinkValue } from './live-link-columns.ts';

/** One export frame's inputs: the rig's shared gaze angle and the face the trace recorded. */
export interface EyeShapeInput {
  /** The rig's gaze, degrees: + toward the avatar's own right. */
  xDeg: number;
  /** + up, degrees. */
  yDeg: number;
  /** Palpebral opening, mm (10.65 at rest). */
  apertureMm: number;
  /** Muscle activations 0…1 (eye.md §7). */
  au1: number;
  au2: number;
  au4: number;
  au5: number;
  au6: number;
  au7: number;
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);
const DEG_TO_RAD = Math.PI / 180;

/**
 * The ARKit values one frame drives (eye.md §9); the rest of a Live Link Face row stays 0.
 * - Gaze: the angle over the maximum gaze angle, to [−1, 1]. Looking to the avatar's right turns the
 *   right eye out (temporal) and the left eye in (nasal): EyeLookOutRight and EyeLookInLeft take the
 *   value, their opposites stay 0; up and down alike on both eyes (one shared angle, no vergence).
 * - EyeBlink: how far the opening has closed from rest, `1 − aperture/10.65 mm` (1 shut, 0 at rest or
 *   wider). It follows the lids as drawn: blinks, held lids and the half-close of down-gaze alike.
 * - The muscles as ARKit's FACS-named shapes: EyeWide ← AU5 (upper lid raiser), EyeSquint ← AU7 (lid
 *   tightener), CheekSquint ← AU6 (cheek raiser), BrowInnerUp ← AU1, BrowOuterUp ← AU2, BrowDown ← AU4.
 *   One face, both sides alike.
 * - Eye yaw/pitch columns: the same angle in radians, yaw + toward the avatar's right, pitch + up, roll 0.
 */
export function eyeShapes(s: EyeShapeInput): Partial<Record<LiveLinkValue, number>> {
  const max = GAZE_RIG.maxGazeAngleDeg;
  const x = Math.max(-1, Math.min(1, s.xDeg / max));
  const y = Math.max(-1, Math.min(1, s.yDeg / max));
  const right = x > 0 ? x : 0;
  const left = x < 0 ? -x : 0;
  const up = y > 0 ? y : 0;
  const down = y < 0 ? -y : 0;
  const blink = clamp01(1 - s.apertureMm / REST_APERTURE_MM);
  const yawRad = s.xDeg * DEG_TO_RAD;
  const pitchRad = s.yDeg * DEG_TO_RAD;
  return {
    EyeBlinkLeft: blink,
    EyeLookDownLeft: down,
    EyeLookInLeft: right,
    EyeLookOutLeft: left,
    EyeLookUpLeft: up,
    EyeSquintLeft: clamp01(s.au7),
    EyeWideLeft: clamp01(s.au5),
    EyeBlinkRight: blink,
    EyeLookDownRight: down,
    EyeLookInRight: left,
    EyeLookOutRight: right,
    EyeLookUpRight: up,
    EyeSquintRight: clamp01(s.au7),
    EyeWideRight: clamp01(s.au5),
    BrowDownLeft: clamp01(s.au4),
    BrowDownRight: clamp01(s.au4),
    BrowInnerUp: clamp01(s.au1),
    BrowOuterUpLeft: clamp01(s.au2),
    BrowOuterUpRight: clamp01(s.au2),
    CheekSquintLeft: clamp01(s.au6),
    CheekSquintRight: clamp01(s.au6),
    LeftEyeYaw: yawRad,
    LeftEyePitch: pitchRad,
    LeftEyeRoll: 0,
    RightEyeYaw: yawRad,
    RightEyePitch: pitchRad,
    RightEyeRoll: 0,
  };
}
