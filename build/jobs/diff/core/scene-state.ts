import type { DiffMetric, EventKind } from './tolerances.ts';

/** A scene's film as rendered: what decides it (its settings) and its frames (the captured images' digests). */
export interface SceneSettings {
  width: number;
  height: number;
  fps: number;
  durationS: number;
  seed: number;
  frames: number;
}

/** One detected event of the scene's trace (detect() on the 240 Hz model samples, as eye report runs it). */
export interface StateEvent {
  kind: EventKind;
  /** Onset, s from the film's start (ms precision). */
  startS: number;
  durationMs: number;
  /** A saccade's or microsaccade's amplitude; null for a blink. */
  amplitudeDeg: number | null;
}

/** One film number measured from the film's own pixels, with the era's p10–p90 spread it was held to. */
export interface StateMetric {
  name: DiffMetric;
  unit: string;
  value: number | null;
  p10: number | null;
  p90: number | null;
}

/** What `eye diff` compares of a scene, read from a proof folder or a baseline file. */
export interface SceneState {
  scene: string;
  settings: SceneSettings;
  film: {
    /** summary.json's frameHashes.digest: sha256 over every frame's full hash, in order. */
    digest: string;
    /** summary.json's frameHashes.perFrame: each frame's hash, first 16 hex digits. */
    frames: string[];
  };
  events: StateEvent[];
  metrics: StateMetric[];
}

/** A scene's approved state: baseline/<scene>.json. */
export interface Baseline extends SceneState {
  schema: typeof BASELINE_SCHEMA;
  /** Why it was approved (`eye approve --why`). */
  why: string;
  /** The commit the approving tree was at, and whether it had uncommitted changes (then that commit does not render this film). */
  approvedAt: { commit: string | null; dirty: boolean };
  /** The film's cache key when the cache held it at approval (the baseline's film is looked up by it). */
  filmKey: string | null;
}

export const BASELINE_SCHEMA = 'eye-baseline/1';

/** Times to the millisecond and angles to a thousandth of a degree: what the file keeps, so a state read back compares equal. */
export const roundTo = (x: number, digits: number): number => {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

/** A metric's value as the file keeps it: six significant digits. */
export const roundMetric = (x: number | null): number | null => (x === null ? null : Number(x.toPrecision(6)));
