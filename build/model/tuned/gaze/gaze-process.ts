import type { EraId } from '../../../scene/scene.ts';
import type { TruthEvent } from '../../types.ts';

/**
 * The contract between the gaze subsystem (fixations, saccades, microsaccades, drift, pursuit, the
 * era scripts) and the rest of the tuned eye (blinks, lids, pupil, wobble, brow), which reads it.
 */
export interface GazeState {
  /** Eye rotation in degrees after `gazePitchUnits` shaping, before Bell's phenomenon. +yaw right, +pitch up. */
  yawDeg: number;
  pitchDeg: number;
  /** The raw rig gaze in rig units (1 unit = 10°), before pitch shaping: what the brow reads. */
  rigX: number;
  rigY: number;
  /** True while a saccade or microsaccade is in flight. */
  inSaccade: boolean;
  /** The era whose pattern is playing now (lags the stage's era while a movement finishes). */
  era: EraId;
  /**
   * Vergence: the slight inward turn in degrees (near reflex) from the era's viewing distance
   * (ERA_LIGHT), measured from the visitor's ~60 cm (0 there and beyond, and at rest, where the eye
   * looks at the visitor). Not included in yawDeg; eases with a 0.15 s time constant.
   */
  convergenceDeg: number;
  /**
   * The followed target while the pointer is followed (the pattern's point pulled toward the pointer by
   * the era's follow gain: what pursuit tracks and catch-up saccades aim at), deg, in yawDeg and
   * pitchDeg's frame; NaN while nothing is followed.
   */
  targetYawDeg: number;
  targetPitchDeg: number;
}

/** A saccade that landed on this step. */
export interface Landing {
  amplitudeDeg: number;
  micro: boolean;
  corrective: boolean;
}

export interface GazeProcess {
  /** One 240 Hz step; `stageEra` is the era the stage shows now (the gaze takes it up in its own time). */
  step(stageEra: EraId): void;
  state(): GazeState;
  /** Saccades that landed during the last step (blinks read these for gaze-evoked blinks). */
  landings(): readonly Landing[];
  /** Ground-truth saccade and microsaccade events that ended since the last call. */
  drainEvents(): TruthEvent[];
}

/** Shared and frozen: most steps end nothing, and a caller that pushed into it would fail loudly. */
export const NO_EVENTS: TruthEvent[] = Object.freeze([]) as unknown as TruthEvent[];
export const NO_LANDINGS: readonly Landing[] = Object.freeze([]);
