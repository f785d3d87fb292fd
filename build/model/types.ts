import type { PointerTrack } from './pointer/pointer-track.ts';
import type { EraId } from '../scene/scene.ts';
import type { Scene } from '../scene/scene.ts';

/**
 * What the eye is doing at one 240 Hz step. Every length is on the face in mm (the "twin"), every
 * angle in degrees; +yaw = toward the viewer's right on screen, +pitch = up.
 */
export interface EyeSample {
  /** Scene time in ms (step / 240 · 1000). */
  tMs: number;
  /** The era the stage shows (stage.ts owns it; it switches mid-cut, under the shut lid). Not a trace column. */
  era: EraId;
  /** Globe rotation as drawn, including Bell's phenomenon under a closed lid. */
  yawDeg: number;
  pitchDeg: number;
  /** The followed target (gaze-process.ts), in yawDeg's frame (vergence added), deg; NaN while nothing is followed. */
  targetYawDeg: number;
  targetPitchDeg: number;
  /** Upper and lower lid margin heights at the pupil's column, mm above the globe centre (+ up). */
  upperLidMm: number;
  lowerLidMm: number;
  /** Palpebral opening, upper − lower margin (10.65 mm at rest, open). */
  apertureMm: number;
  /** Blink closure 0 (open) … 1 (shut), the blink process alone (the generator's own value). */
  blinkClosure: number;
  /** Iris wobble offset after saccades, mm in the image plane. */
  wobbleXMm: number;
  wobbleYMm: number;
  /** Pupil diameter in mm. */
  pupilMm: number;
  /** Brow lift in mm (+ up), the mean of the brow chain's nodes. */
  browLiftMm: number;
  /**
   * The brow chain's node lifts, head → tail, mm, while the chain moves (absent when it is settled
   * and every node equals browLiftMm). For the renderer to bend the brow; not a trace column.
   */
  browNodeLiftsMm?: readonly number[];
  /** The brow chain's five node lifts, head (inner) → tail (outer), mm (+ up): trace columns. */
  browHeadMm: number;
  browInnerMm: number;
  browMidMm: number;
  browOuterMm: number;
  browTailMm: number;
  /** The seven muscles' activations, 0 (relaxed) … 1 (full) (eye.md §7). */
  au1Activation: number;
  au2Activation: number;
  au4Activation: number;
  au6Activation: number;
  au5Activation: number;
  au7Activation: number;
  au43Activation: number;
  /** Frame scale: exactly 1 outside the enter moment. */
  frameScale: number;
}

/** The brow's node columns, head → tail. */
export const BROW_NODE_FIELDS = ['browHeadMm', 'browInnerMm', 'browMidMm', 'browOuterMm', 'browTailMm'] as const satisfies readonly (keyof EyeSample)[];
/** The muscles' columns, brow then lids. */
export const AU_FIELDS = {
  AU1: 'au1Activation',
  AU2: 'au2Activation',
  AU4: 'au4Activation',
  AU6: 'au6Activation',
  AU5: 'au5Activation',
  AU7: 'au7Activation',
  AU43: 'au43Activation',
} as const satisfies Record<string, keyof EyeSample>;

export const SAMPLE_FIELDS = [
  'tMs',
  'yawDeg',
  'pitchDeg',
  'upperLidMm',
  'lowerLidMm',
  'apertureMm',
  'blinkClosure',
  'wobbleXMm',
  'wobbleYMm',
  'pupilMm',
  'browLiftMm',
  ...BROW_NODE_FIELDS,
  ...(Object.values(AU_FIELDS) as (typeof AU_FIELDS)[keyof typeof AU_FIELDS][]),
  'targetYawDeg',
  'targetPitchDeg',
  'frameScale',
] as const satisfies readonly (keyof EyeSample)[];
export type SampleField = (typeof SAMPLE_FIELDS)[number];

/** Documentation of each trace field, written into every trace.json. */
export const SAMPLE_FIELD_DOCS: Record<SampleField, string> = {
  tMs: 'scene time of the 240 Hz step, ms',
  yawDeg: 'eye rotation, + toward the viewer\'s right, degrees (includes Bell\'s phenomenon)',
  pitchDeg: 'eye rotation, + up, degrees (includes Bell\'s phenomenon)',
  upperLidMm: 'upper lid margin height above the globe centre at the pupil column, mm',
  lowerLidMm: 'lower lid margin height above the globe centre at the pupil column, mm',
  apertureMm: 'palpebral opening (upper - lower margin), mm',
  blinkClosure: 'blink process closure, 0 open .. 1 shut (generator value)',
  wobbleXMm: 'iris wobble offset, horizontal, mm',
  wobbleYMm: 'iris wobble offset, vertical, mm',
  pupilMm: 'pupil diameter, mm',
  browLiftMm: 'brow lift, mean of the brow chain, mm (+ up)',
  browHeadMm: 'brow chain node 1 of 5 (head, by the nose), lift mm (+ up)',
  browInnerMm: 'brow chain node 2 of 5, lift mm (+ up)',
  browMidMm: 'brow chain node 3 of 5 (middle), lift mm (+ up)',
  browOuterMm: 'brow chain node 4 of 5, lift mm (+ up)',
  browTailMm: 'brow chain node 5 of 5 (tail, by the temple), lift mm (+ up)',
  au1Activation: 'AU1 inner brow raiser activation, 0 relaxed .. 1 full',
  au2Activation: 'AU2 outer brow raiser activation, 0 relaxed .. 1 full',
  au4Activation: 'AU4 brow lowerer activation, 0 relaxed .. 1 full',
  au6Activation: 'AU6 cheek raiser (smiling eyes) activation, 0 relaxed .. 1 full',
  au5Activation: 'AU5 upper lid raiser activation, 0 relaxed .. 1 full',
  au7Activation: 'AU7 lid tightener activation, 0 relaxed .. 1 full',
  au43Activation: 'AU43 eyes closed (held lid) activation, 0 relaxed .. 1 full',
  targetYawDeg: 'the followed target while the pointer is followed (what pursuit tracks and catch-up saccades aim at), yaw, degrees in yawDeg\'s frame (null while nothing is followed)',
  targetPitchDeg: 'the followed target, pitch, degrees (null while nothing is followed)',
  frameScale: 'frame scale (1 = nothing scales the frame)',
};

/** Ground-truth labels from the generator: what the detectors are scored against. */
export type TruthEvent =
  | {
      kind: 'saccade' | 'microsaccade';
      startMs: number;
      endMs: number;
      amplitudeDeg: number;
      /** A corrective saccade after an undershooting primary (> 8°). */
      corrective: boolean;
      /** What made it: the era script, a pursuit catch-up, a microsaccade's return, … */
      cause: string;
    }
  | {
      kind: 'blink';
      startMs: number;
      endMs: number;
      /** Deepest closure reached, 0..1 (1 = whole). */
      depth: number;
      partial: boolean;
      /** The second blink of a double. */
      doubleSecond: boolean;
      /** Brought by a large saccade. */
      evoked: boolean;
    }
  | { kind: 'cut'; startMs: number; endMs: number; era: string }
  /** The face's ground truth (eye.md §7): what it sensed, felt, which muscle it drove, when the brow took a shape. */
  | { kind: 'sense'; startMs: number; endMs: number; sense: string; xR: number; yR: number }
  | { kind: 'feeling'; startMs: number; endMs: number; feeling: string; scale: number }
  | { kind: 'muscle'; startMs: number; endMs: number; au: string; program: string }
  /** The brow took up a new gaze shape: each node's new target arrives at its own time, head → tail. */
  | { kind: 'brow'; startMs: number; endMs: number; nodeOnsetsMs: number[] };

/**
 * One eye: a pure, deterministic function of (scene, seed, steps taken). Stepped at 240 Hz.
 * Implementations: the tuned eye (eye.md), the generic spring eye (seed 003), and `none`.
 */
/**
 * What reaches a model from outside while it runs, as input channels (the scene stays read-only):
 * the pointer's track (default: the scene's own keys; the live page passes one it appends to).
 */
export interface EyeInputs {
  pointer?: PointerTrack | null;
}

export interface EyeModel {
  /** Advance one 240 Hz step. */
  step(): void;
  /** The state after the steps taken so far. */
  sample(): EyeSample;
  /** Ground-truth events that have ended (or started, for cuts) since the last call. */
  drainEvents(): TruthEvent[];
}

export type EyeModelFactory = (scene: Scene, inputs?: EyeInputs) => EyeModel;
