import type { EyeSample } from '../../model/types.ts';
import type { IrisPose } from './iris-pose.ts';

/**
 * What the lids' picture depends on, rounded to steps far below a pixel: each margin height to
 * 0.02 mm (0.7 px at 36 px/mm), the column the heights hold at and the iris height the cornea's rise
 * reads to 0.1 mm. While the eye fixates the lids then stay exactly still, so their layer can be
 * reused frame after frame (lid-layer.ts). Both passes use these rounded lids, so the mask measures
 * what the film shows; the opening at the pupil column differs from the model's by < 0.03 mm.
 */
export const LID_STEP_MM = 0.02;
export const LID_COLUMN_STEP_MM = 0.1;

export interface LidInputs {
  upperLidMm: number;
  lowerLidMm: number;
  /** Where the model's heights hold (the pupil's column), and the iris centre's height. */
  centerXMm: number;
  centerYMm: number;
}

function snap(v: number, step: number): number {
  return Math.round(v / step) * step;
}

export function lidInputs(s: Pick<EyeSample, 'upperLidMm' | 'lowerLidMm'>, pose: IrisPose): LidInputs {
  return {
    upperLidMm: snap(s.upperLidMm, LID_STEP_MM),
    lowerLidMm: snap(s.lowerLidMm, LID_STEP_MM),
    centerXMm: snap(pose.centerXMm, LID_COLUMN_STEP_MM),
    centerYMm: snap(pose.centerYMm, LID_COLUMN_STEP_MM),
  };
}

/** A string naming the inputs exactly (for the layer cache). */
export function lidInputsKey(l: LidInputs): string {
  return `${l.upperLidMm.toFixed(3)}/${l.lowerLidMm.toFixed(3)}/${l.centerXMm.toFixed(2)}/${l.centerYMm.toFixed(2)}`;
}
