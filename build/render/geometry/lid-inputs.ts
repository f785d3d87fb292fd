import type { EyeSample } from '../../model/types.ts';
import type { IrisPose } from './iris-pose.ts';

/**
 * What the lids' picture depends on, rounded to steps of about a pixel: each margin height to 0.04 mm
 * (1.4 px at 36 px/mm), the column the heights hold at and the iris height the cornea's rise reads
 * to 0.2 mm (the rise is wide and smooth; a step moves the margin by < 0.01 mm). While the eye
 * fixates, its drift then leaves the lids exactly still (calmer, too), so the face layer is reused
 * frame after frame (face-layer.ts). Both passes use these rounded lids, so the mask measures what
 * the film shows; the opening at the pupil column is within 0.05 mm of the model's.
 */
export const LID_STEP_MM = 0.04;
export const LID_COLUMN_STEP_MM = 0.2;

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
