/**
 * A scene: what to render and measure. Scene files (JSON under `scenes/`) are data; `parseScene`
 * validates one against the declared options and fills the defaults.
 */
export const ERA_IDS = ['1970', '1981', '1991', '1995', '1997', '2000', '2003', '2009', '2013', '2026'] as const;
export type EraId = (typeof ERA_IDS)[number];

/** `script`: the era's gaze script plays. `rest`: eye contact with the visitor, following the pointer. */
export type GazeMode = 'script' | 'rest';
/** `tuned`: the eye of eye.md. `generic`: the simple spring eye of seed 003. `none`: holds still. */
export type Preset = 'tuned' | 'generic' | 'none';

/** One key of a pointer track. Between two `move` keys the pointer glides in a straight line. */
export interface PointerKey {
  tS: number;
  /** Position in units of the iris radius R, relative to the eye centre; +x right, +y up. */
  xR: number;
  yR: number;
  /** `move`: arrive here at tS. `press`: a press in place at tS. `leave`: the pointer leaves the window at tS. */
  kind: 'move' | 'press' | 'leave';
}

/** A tour's cut: from `atS` on, the eye plays `era`. */
export interface TourCut {
  era: EraId;
  atS: number;
}

/** Per-scene overrides of the era's tuning, used to prove that assertions can fail. */
export interface EraOverrides {
  fixMs?: number;
  blinkMeanS?: number;
  microRatePerS?: number;
  /** Pursuit's catch-up threshold, deg (ERA_GAZE's catchUpDeg). */
  catchUpDeg?: number;
  /** How long the brow waits after the eye lands, ms (FACE.browAfterLandingMs.value). */
  browWaitMs?: number;
}

export interface Scene {
  /** The scene's name: its file name without `.json`. */
  name: string;
  era: EraId;
  /** Optional tour: eras in sequence with cut times (the first cut is at 0 and equals `era`). */
  tour: TourCut[];
  mode: GazeMode;
  preset: Preset;
  durationS: number;
  fps: number;
  width: number;
  height: number;
  seed: number;
  calm: boolean;
  reducedMotion: boolean;
  pointer: PointerKey[];
  overrides: EraOverrides;
}
