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

/** A number the spec gives as "about": its value and the band the check holds it to. */
export interface Band {
  value: number;
  min: number;
  max: number;
}

/** The face of eye.md §7 (and seed 000's brow paragraphs): senses, feelings, muscles, the brow chain. */
export const FACE = {
  /** Senses: an arrival counts only a move that goes further than this, R (a press is a move in place). */
  arrivalMinR: 0.08,
  /** Senses: a dart closes faster than this, R/s… */
  dartClosingRPerS: 7,
  /** …inside this distance, R… */
  dartWithinR: 2,
  /** …on a course passing within this of the eye's middle, R. */
  dartCourseWithinR: 0.6,
  /** Muscles rise fast, λ 18–25 /s… */
  muscleRisePerS: { min: 18, max: 25 },
  /** …and fall slowly, λ 4–5 /s. */
  muscleFallPerS: { min: 4, max: 5 },
  /** Brow node springs: head 3.4 Hz → tail 2.5 Hz, ζ 0.68. */
  browHeadHz: 3.4,
  browTailHz: 2.5,
  browDampingRatio: 0.68,
  /** The brow waits out a saccade: a beat (~120 ms) after the eye lands; the check's band 100–140 ms. */
  browAfterLandingMs: { value: 120, min: 100, max: 140 },
  /** Motor programs: a wince's lids lead its brow by ~50 ms (checked ± 15 ms). */
  winceLidLeadMs: { value: 50, min: 35, max: 65 },
  /** Surprise's lids lead the brows by 30–50 ms. */
  surpriseLidLeadMs: { value: 40, min: 30, max: 50 },
  /** Delight's smiling eyes (AU6) trail by ~180 ms (checked ± 30 ms). */
  delightAu6TrailMs: { value: 180, min: 150, max: 210 },
  /** A greeting flash's onset, ~100 ms. */
  greetingOnsetMs: 100,
  /** Memory: a startle within this long of the last one habituates… */
  startleMemoryMs: 10_000,
  /** …to this share of the last, and the third in a row turns wary. */
  startleHabituation: 0.6,
  startleWaryAt: 3,
  /** Three pokes without going turn to annoyance. */
  pokesToAnnoyance: 3,
  /** A cursor returning after a poke is braced for, ~12 s. */
  bracedMs: 12_000,
  /** 30–40 s of nothing is gentle boredom, counted from when the eye can be reached… */
  boredomAfterMs: { min: 30_000, max: 40_000 },
  /** …lids at most ~0.7 mm heavier. */
  boredomLidMaxMm: 0.7,
  /** 2026's mood holds only in eye contact: the gaze within ~4° of the visitor. */
  contactWithinDeg: 4,
  /** 2026 mirrors the visitor (× 1.2 on what they make it feel). */
  mirrorScale: 1.2,
  /** A new era is greeted at × 0.4 (only when the era really changed). */
  eraGreetingScale: 0.4,
} as const;

/** Pursuit gain on a steady glide (eye.md §2/§10: 0.85; 2026 0.97), checked ± 0.03. */
export const PURSUIT_GAIN = { usual: 0.85, '2026': 0.97, tolerance: 0.03 } as const;

/**
 * The layered gaze rig of eye.md §9 (seeds 001/002): how a scene's motion is exported as ARKit blend
 * shapes for avatar users.
 */
export const GAZE_RIG = {
  /** Each layer eases toward its goal by `1 − exp(−dt/τ)` a step, τ in s (the seed's "about 0.125 s"). */
  smoothingTauS: 0.125,
  /** Macro's offset is scaled by `distance/300 + 0.66`: the per-cm slope… */
  macroScalePerCm: 1 / 300,
  /** …and the constant. */
  macroScaleOffset: 0.66,
  /**
   * The gaze angle at which an EyeLook shape reaches 1 (the seed's `maxGazeAngleRad`, which gives no
   * value; our choice): the furthest the eye ever turns, toward a pointer (30°, pointer-gaze.ts), so no
   * exported angle clamps; the scripts reach ±22° sideways and −12…+15° vertically (with Bell's roll).
   */
  maxGazeAngleDeg: 30,
} as const;
