import type { GazeSignal } from '../signal.ts';

/**
 * The recording layouts `eye measure` reads (`--format`): the project's own CSV, a plain table of named
 * columns, and the exports of the trackers researchers use. `auto` (the default) tells them apart by
 * the header (detect-layout.ts).
 */
export const LAYOUTS = ['calm-eye', 'plain', 'eyelink-asc', 'tobii-pro-lab', 'tobii-studio', 'pupil-labs', 'pymovements'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const FORMAT_CHOICES = ['auto', ...LAYOUTS] as const;
export type FormatChoice = (typeof FORMAT_CHOICES)[number];

/** An event the tracker's own software found (an EyeLink parser's SBLINK/EBLINK, SSACC/ESACC). */
export interface TrackerEvent {
  kind: 'blink' | 'saccade' | 'fixation';
  eye: 'left' | 'right';
  startMs: number;
  endMs: number;
  durationMs: number;
  /** Saccades: the tracker's amplitude, degrees, and peak velocity, °/s. */
  amplitudeDeg?: number;
  peakVelocityDegPerS?: number;
  /** A saccade the parser wrapped around a blink (EyeLink writes one round every blink). */
  aroundBlink?: boolean;
}

/** A message line the tracker or the experiment wrote into the file (EyeLink MSG, Tobii's Event column). */
export interface Marker {
  tMs: number;
  text: string;
}

/** What was read and how, as `eye measure` states it (one line on stderr, the `format` field in the JSON). */
export interface FormatInfo {
  layout: Layout;
  /** Found from the header (--format auto) or given. */
  detected: boolean;
  /** One line: the layout, the columns used, the units and what counts as a gap. */
  summary: string;
  columns: Record<string, string>;
  timeUnit: string;
  positions: string;
  eye: 'left' | 'right' | 'mono' | null;
  /** Columns present but not used (nothing is read from a column that is not named). */
  ignoredColumns: string[];
}

/** One trial's samples (a trial column's value, or a restart of the time column). */
export interface TrialSpan {
  label: string;
  start: number;
  /** Exclusive. */
  end: number;
}

/** A recording read by a layout reader. */
export interface ReadRecording {
  signal: GazeSignal;
  /** Pupil size where the layout names it (never read as lid aperture): blink edges from data loss only. */
  pupil: Float64Array | null;
  problems: { line: number; message: string }[];
  problemCount: number;
  skippedLines: number;
  format: FormatInfo;
  trackerEvents: TrackerEvent[];
  markers: Marker[];
  markerCount: number;
  /** Null: one trial. */
  trials: TrialSpan[] | null;
}

/** How many problems and markers a reader keeps to show (it counts them all). */
export const PROBLEMS_KEPT = 100;
export const MARKERS_KEPT = 1000;
