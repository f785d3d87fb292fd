/**
 * The numbers eye.md states, each written once, below both the model (which stays under them) and
 * the measurement (which holds the model to them). Platform-free: no imports. A value here is the
 * spec's; a module that needs it imports it, and a model's compensation is derived from it.
 */

/** Every process steps at this fixed rate whatever the frame rate (eye.md §2, determinism). */
export const STEP_HZ = 240;

/** A movement from this amplitude up is a saccade, below it a microsaccade (eye.md §10's split). */
export const SACCADE_MIN_DEG = 0.6;

/** Calm (a coarse pointer, i.e. phones; eye.md §8): phone visitors found the full eye too busy. */
export const CALM = {
  /** The grain (drift, microsaccades, the wobble's kick, hippus) scale. */
  grainScale: 0.45,
  /** Gaze amplitudes (and the pointer's angles, the scroll speed) scale. */
  gazeScale: 0.6,
  /** A cut's lid-closure durations scale. */
  cutDurationScale: 1.25,
} as const;

/** A cap: a closed range (either end may be open). */
export interface Cap {
  min?: number;
  max?: number;
}

/** The calm caps of eye.md §10: what a watched-for-seconds eye must hold, slower and rarer than a lab's. */
export const CALM_CAPS = {
  meanFixationMs: { min: 750 },
  saccadesPerS: { max: 1.6 },
  microsaccadesPerS: { max: 0.5 },
  meanBlinkIntervalS: { min: 3, max: 6.5 },
  wobbleMaxMm: { max: 0.15 },
  /** "never parked at a clamp": at most a couple of steps at a time touch it. */
  wobbleLongestAtClampMs: { max: 10 },
  frameScaleMaxDeviation: { max: 0 },
  reducedSaccadeCount: { max: 0 },
  reducedBlinkCount: { max: 0 },
} as const satisfies Record<string, Cap>;

/**
 * The pointer counts as idle after this long without doing anything (eye.md §8): the live page slows
 * its drawing, and the eye goes back to its pattern (our choice: the same 2.8 s, so "at rest" means
 * one thing everywhere).
 */
export const POINTER_IDLE_MS = 2800;
/** The live page's idle cost (eye.md §8): nothing has moved for this long before it slows its drawing… */
export const IDLE_STILL_MS = 250;
/** …and then it draws one display frame in this many, carrying the skipped time. */
export const IDLE_DRAW_EVERY_FRAMES = 3;
