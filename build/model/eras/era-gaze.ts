import type { EraId } from '../../scene/scene.ts';
import { PURSUIT_GAIN } from '../../spec/eye-spec.ts';

/**
 * ERA_GAZE (eye.md §3): what each era's eye is doing, as data. Positions are in rig units (1 unit =
 * 10°; vertical units are shaped by `gazePitchUnits` before anything turns), times in ms, amplitudes
 * in degrees. The table's numbers are kept as written; where eye.md is silent the value is the team's
 * choice and says so. The generator (tuned/gaze) applies the calm-cap compensations, not this table.
 */

export type GazePatternKind = 'read' | 'scatter' | 'two-target' | 'lock' | 'idle' | 'scroll' | 'contact';

/** A point of the gaze rig, rig units (+x toward the viewer's right, +y up, raw: before pitch shaping). */
export interface RigPoint {
  x: number;
  y: number;
}

export interface ReadPattern {
  kind: 'read';
  /** Mean fixation (gamma k 5, clamped 0.25–1.6 s). */
  fixMs: number;
  lines: number;
  /** Width of a line of text, rig units (the return sweep is about this long, so it undershoots). */
  lineWidthUnits: number;
  /** Line pitch, rig units (downward from the first line). */
  lineSpacingUnits: number;
  /**
   * Where the block sits against the era's rest: `first-line` hangs it below the rest (its top line
   * at the rest, the rest of it lower: 1970's terminal, whose block eye.md §3 puts below the rest
   * line); `middle` centres it on the rest (1991's page, "slightly up" as a whole).
   */
  blockAt: 'first-line' | 'middle';
  /** Forward steps along a line, degrees (eye.md: 1.6–3°). */
  stepMinDeg: number;
  stepMaxDeg: number;
  /** Share of within-line saccades that go back (eye.md: 12 %). */
  regressionShare: number;
  /** What the eye does after the last line: back to the first line of the same block, or a page turn. */
  afterLastLine: 'next-block' | 'page-turn';
}

export interface ScatterPattern {
  kind: 'scatter';
  fixMs: number;
  /** Half-widths of the box about the era's rest point, rig units. */
  spreadUnits: RigPoint;
  /** Mean jump amplitude, degrees (drawn 0.75–1.25 × this). */
  amplitudeDeg: number;
  /** Jumps that cross the page, when the page is wide (1995): their share of all jumps and their size. */
  cross?: CrossJumps;
}

/** Jumps across a wide page (eye.md §3, 1995): this share of the jumps, each `minDeg`–`maxDeg` long. */
export interface CrossJumps {
  share: number;
  minDeg: number;
  maxDeg: number;
}

export interface TwoTargetPattern {
  kind: 'two-target';
  fixMs: number;
  a: RigPoint;
  aDwellMs: number;
  b: RigPoint;
  bDwellMs: number;
  /** Refixations within a target: hop amplitude range (deg) and the box about the target (rig units). */
  hopMinDeg: number;
  hopMaxDeg: number;
  hopBoxUnits: RigPoint;
}

export interface LockPattern {
  kind: 'lock';
}

export interface IdlePattern {
  kind: 'idle';
  fixMs: number;
  /** Small hops about the rest point inside this box (half-widths, rig units). */
  spreadUnits: RigPoint;
  hopMinDeg: number;
  hopMaxDeg: number;
}

export interface ScrollPattern {
  kind: 'scroll';
  fixMs: number;
  /** Content speed carrying the fixated text (and the eye) up, deg/s. */
  scrollDegPerS: number;
  /** Half-width of the phone's text column, rig units. */
  columnHalfWidthUnits: number;
}

export interface ContactPattern {
  kind: 'contact';
  fixMs: number;
  /** The visitor's eyes sit ± this far from the rest point horizontally, degrees. */
  eyeOffsetDeg: number;
}

export type GazePattern = ReadPattern | ScatterPattern | TwoTargetPattern | LockPattern | IdlePattern | ScrollPattern | ContactPattern;

export interface EraGaze {
  pattern: GazePattern;
  /** Where the era's task sits, rig units. */
  rest: RigPoint;
  /**
   * How far toward the pointer the eye goes when the pointer moves: 0 ignores it, 1 looks right at it
   * (goal = pattern point + follow·(pointer − pattern point)). Not the pursuit's velocity gain.
   */
  followGain: number;
  /** Smooth pursuit's velocity gain (eye.md §2: 0.85, 0.97 in 2026). */
  pursuitGain: number;
  /** Position error that fires a catch-up saccade, degrees (2026: 1°; the others: our choice, 2°). */
  catchUpDeg: number;
  /** Microsaccade rate as the table gives it (the generator caps it; see tuned/gaze/microsaccades). */
  microRatePerS: number;
  // The table's blink means (1970 5.5 s, 1991 6 s) live with the others in era-blink.ts.
}

const PURSUIT_GAIN_USUAL = PURSUIT_GAIN.usual; // eye.md §2
const CATCH_UP_DEG = 2; // our choice: a calm follower lets the error grow a little before catching up
const MICRO_RATE_PER_S = 0.45; // Engbert 2006, slowed for a calm loader (eye.md §1)

const READ_STEPS = { stepMinDeg: 1.6, stepMaxDeg: 3, regressionShare: 0.12 } as const; // eye.md §3, Rayner 1998

/** The contact pattern: played at rest in every era (EYE_CONTACT_AT_REST) and as 2026's script. */
export const CONTACT: ContactPattern = {
  kind: 'contact',
  // Our choice: a long, easy gaze at the visitor, switching now and then between their two eyes.
  fixMs: 1800,
  // Our choice: a 2.4° switch reads as "still looking at you" (the mood's contact window is ~4°).
  eyeOffsetDeg: 1.2,
};

export const ERA_GAZE: Record<EraId, EraGaze> = {
  '1970': {
    pattern: {
      kind: 'read',
      fixMs: 750,
      lines: 5,
      lineWidthUnits: 1.2, // our choice: an 80-column line at terminal distance, ~12°
      lineSpacingUnits: 0.07,
      // Centred on the rest, the 5-line block's top line sat above 0° (+0.27°) and every film opened
      // on it: 1970 read at ~+0.3° in its 8-s film. eye.md §3: the block sits below the rest line.
      blockAt: 'first-line',
      ...READ_STEPS,
      afterLastLine: 'next-block',
    },
    rest: { x: 0, y: -0.12 },
    followGain: 0.5, // our choice: absorbed in the text
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '1981': {
    pattern: { kind: 'scatter', fixMs: 900, spreadUnits: { x: 0.35, y: 0.3 }, amplitudeDeg: 3.5 },
    rest: { x: 0, y: 0 },
    followGain: 0.9, // our choice: the pointing era watches the pointer
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '1991': {
    pattern: {
      kind: 'read',
      fixMs: 750,
      lines: 7,
      lineWidthUnits: 1.0, // our choice: a page column, ~10°
      lineSpacingUnits: 0.06,
      blockAt: 'middle',
      ...READ_STEPS,
      afterLastLine: 'page-turn',
    },
    rest: { x: 0, y: 0.08 }, // our choice: "slightly up" (the realism table)
    followGain: 0.5,
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '1995': {
    pattern: {
      kind: 'scatter',
      fixMs: 800,
      spreadUnits: { x: 0.7, y: 0.55 },
      amplitudeDeg: 7,
      // eye.md §3: about one jump in six crosses the wide page (12–20°), so gaze-evoked blinks happen.
      cross: { share: 1 / 6, minDeg: 12, maxDeg: 20 },
    },
    rest: { x: 0, y: 0 },
    followGain: 0.8, // our choice: distracted by whatever moves
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '1997': {
    pattern: {
      kind: 'two-target',
      fixMs: 900,
      a: { x: -0.62, y: 0.15 },
      aDwellMs: 1400,
      b: { x: 0.22, y: 0 },
      bDwellMs: 3500,
      // Our choice: refixations within the nav frame / the content, 1.2–2.5°.
      hopMinDeg: 1.2,
      hopMaxDeg: 2.5,
      hopBoxUnits: { x: 0.15, y: 0.1 },
    },
    rest: { x: 0, y: 0 },
    followGain: 0.7,
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '2000': {
    pattern: { kind: 'lock' },
    rest: { x: 0, y: -0.4 },
    followGain: 0.25,
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: 0.5, // as the table says; it sits on the ≤ 0.5/s cap, so the generator caps it
  },
  '2003': {
    pattern: {
      kind: 'idle',
      fixMs: 1100,
      spreadUnits: { x: 0.15, y: 0.08 }, // our choice: the video's face, just under the lens
      hopMinDeg: 1.2,
      hopMaxDeg: 3,
    },
    rest: { x: 0, y: -0.28 },
    followGain: 0.6,
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '2009': {
    pattern: { kind: 'scroll', fixMs: 950, scrollDegPerS: 1.6, columnHalfWidthUnits: 0.15 },
    rest: { x: 0, y: -0.7 },
    followGain: 0.4,
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '2013': {
    pattern: {
      kind: 'two-target',
      fixMs: 1000, // our choice (the table gives none): between 2003's idle and 1997's
      a: { x: 0, y: 0.45 },
      aDwellMs: 1200,
      b: { x: 0.04, y: 0.25 },
      bDwellMs: 4000,
      hopMinDeg: 1.2,
      hopMaxDeg: 2,
      hopBoxUnits: { x: 0.1, y: 0.06 },
    },
    rest: { x: 0, y: 0 },
    followGain: 0.5,
    pursuitGain: PURSUIT_GAIN_USUAL,
    catchUpDeg: CATCH_UP_DEG,
    microRatePerS: MICRO_RATE_PER_S,
  },
  '2026': {
    pattern: CONTACT,
    rest: { x: 0, y: 0 },
    followGain: 1, // follows best of all
    pursuitGain: PURSUIT_GAIN['2026'],
    catchUpDeg: 1,
    microRatePerS: MICRO_RATE_PER_S,
  },
};
