import { SPREAD_TOLERANCE } from '../../../measure/film-spread.ts';

/**
 * What `eye diff` calls a change, declared once. Each number is the default a reviewer would accept:
 * a re-encode of the same frames or a browser's rounding is not a change; a moved blink is.
 */

/** The events a baseline records, as the detectors name them (detect() on the 240 Hz trace). */
export const EVENT_KINDS = ['saccade', 'microsaccade', 'blink'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * How far apart in onset time a baseline event and a current one of the same kind may be and still be
 * one event that moved, ms; farther, the baseline's is removed and the current one added. Under half
 * the shortest gap between two such events the model makes (a fixation lasts ≥ 150 ms under the
 * calm caps, microsaccades come ≤ 2/s, blinks seconds apart), so a match is never the neighbour; wide
 * enough that a blink moved by 80 ms (the example) reads as moved, not as two changes.
 */
export const EVENT_MATCH_WINDOW_MS: Readonly<Record<EventKind, number>> = { saccade: 120, microsaccade: 100, blink: 600 };

/**
 * A matched event moved when its onset shifted by at least this many film frames: under half a
 * frame it draws on the same frames (the detectors interpolate onsets between 240 Hz samples, so a
 * change elsewhere in the signal can nudge a time by a fraction of a step without moving anything).
 */
export const EVENT_MOVED_FRAMES = 0.5;

/**
 * A matched saccade whose amplitude changed by more than this, degrees, or this fraction of its
 * amplitude (whichever is larger), also counts as moved (it lands elsewhere): 0.1° is what a pixel
 * measurement resolves of a gaze angle (film-spread.ts: SPREAD_TOLERANCE.medianPitchDeg).
 */
export const EVENT_AMPLITUDE_TOLERANCE = { deg: SPREAD_TOLERANCE.medianPitchDeg, fraction: 0.1 } as const;

/** The film numbers `eye diff` holds against the baseline (filmMetrics on the film's own pixels). */
export const DIFF_METRICS = ['saccadesPerS', 'microsaccadesPerS', 'blinksPerMin', 'meanFixationMs', 'medianPitchDeg', 'largeSaccadesPerMin'] as const;
export type DiffMetric = (typeof DIFF_METRICS)[number];

export interface MetricTolerance {
  unit: string;
  /**
   * Beyond when |current − baseline| exceeds this fraction of the era's p10–p90 width (the spread
   * `eye render` holds the film to, over windows of the film's own length and rate), or `floor`,
   * whichever is larger. Without a spread: `fraction` of |baseline| or `floor`.
   */
  spreadFraction: number;
  /** What a measurement resolves, in the metric's unit (SPREAD_TOLERANCE: counts are exact). */
  floor: number;
}

/**
 * A quarter of the era's p10–p90 range: the film moved a quarter of the way across what typical films
 * of its era span. A render of the same model is deterministic, so noise never reaches it; a change to
 * one era's behaviour (a fixation mean 30 % longer) crosses it. Microsaccades have no held spread
 * (film-spread.ts: REPORTED_METRICS), so theirs falls back to the fraction of the baseline.
 */
const SPREAD_FRACTION = 0.25;

export const METRIC_TOLERANCES: Readonly<Record<DiffMetric, MetricTolerance>> = {
  saccadesPerS: { unit: '/s', spreadFraction: SPREAD_FRACTION, floor: SPREAD_TOLERANCE.saccadesPerS },
  microsaccadesPerS: { unit: '/s', spreadFraction: SPREAD_FRACTION, floor: 0 },
  blinksPerMin: { unit: '/min', spreadFraction: SPREAD_FRACTION, floor: SPREAD_TOLERANCE.blinksPerMin },
  meanFixationMs: { unit: 'ms', spreadFraction: SPREAD_FRACTION, floor: SPREAD_TOLERANCE.meanFixationMs },
  medianPitchDeg: { unit: 'deg', spreadFraction: SPREAD_FRACTION, floor: SPREAD_TOLERANCE.medianPitchDeg },
  largeSaccadesPerMin: { unit: '/min', spreadFraction: SPREAD_FRACTION, floor: SPREAD_TOLERANCE.largeSaccadesPerMin },
};

/** How far a metric may move before it is beyond tolerance, in its unit. */
export function metricAllowance(metric: DiffMetric, baseline: number, p10: number | null, p90: number | null): number {
  const t = METRIC_TOLERANCES[metric];
  const width = p10 !== null && p90 !== null ? Math.abs(p90 - p10) : Math.abs(baseline);
  return Math.max(t.floor, t.spreadFraction * width);
}

/**
 * The per-frame SSIM (ffmpeg's ssim filter, the All value) under which a frame has changed. Measured on
 * 4-s renders of 1970-script, 1995-script and 2026-rest at 640×360 (docs/review.md): each film decoded
 * and encoded again as the render encodes (x264 veryfast, CRF 18) scores ≥ 0.9928 against itself; the
 * same drawing captured from the canvas as PNG instead of JPEG (a rounding far coarser than a browser
 * version's) ≥ 0.9776; the film against itself 2 frames (67 ms) late, a moved blink's frames, falls to
 * 0.864 (2026-rest's blink) and 0.879 (1995-script's saccades). The floor sits between, nearer the
 * rounding: a change under it is a picture a reviewer would see.
 */
export const SSIM_FLOOR = 0.97;

/**
 * A frame has changed, too, where its largest local change exceeds `levels` (8-bit luma, 0–255) after
 * a Gaussian blur of `sigmaPx` at 360 rows (scaled with the film's height): whole-frame SSIM averages a
 * small change into the skin around it. Measured on the same three 640×360 films: a re-encode leaves
 * ≤ 7, the PNG-for-JPEG capture ≤ 8; the catchlight dimmed by half leaves 11–12 (1970's dim terminal
 * light; frames median 11), 23–27 (1995), 23–24 (2026), while their SSIM stays ≥ 0.989; a moved
 * blink leaves up to 155.
 */
export const LOCAL_DIFFERENCE = { levels: 10, sigmaPxAt360: 3 } as const;

/** The blur for a film of this height, px. */
export const localSigmaPx = (heightPx: number): number => (LOCAL_DIFFERENCE.sigmaPxAt360 * heightPx) / 360;

/** Seconds of unchanged film kept either side of a changed stretch in the review clip (the issue asks one). */
export const STRETCH_CONTEXT_S = 1;
