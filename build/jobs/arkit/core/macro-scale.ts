import { GAZE_RIG } from '../../../spec/eye-spec.ts';

/** eye.md §9: Macro's offset is scaled by `distance/300 + 0.66` at a look-at distance (cm). */
export function macroScale(lookAtDistanceCm: number): number {
  return lookAtDistanceCm * GAZE_RIG.macroScalePerCm + GAZE_RIG.macroScaleOffset;
}
