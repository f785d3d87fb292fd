import type { FilmMetrics } from './film-metrics.ts';

/**
 * The film numbers a proof film is held to (eye.md §3, pipeline.md "Proof films represent their era").
 * Microsaccades are reported, not held: at a film's 30 fps Engbert & Kliegl's detector finds under a
 * third of them (F1 0.29 over the eras, `eye check`'s 30 Hz row), so a film's count is mostly chance.
 * Saccades ≥ 12° per minute are held too: 1995's film must cross its page about as often as the era
 * does (a film picked for its gaze-evoked blink could otherwise be one full of long jumps).
 */
export const SPREAD_METRICS = ['saccadesPerS', 'blinksPerMin', 'meanFixationMs', 'medianPitchDeg', 'largeSaccadesPerMin'] as const;
export type SpreadMetric = (typeof SPREAD_METRICS)[number];
/** Measured and given a spread, but not held. */
export const REPORTED_METRICS = ['microsaccadesPerS'] as const;
export type ReportedMetric = (typeof REPORTED_METRICS)[number];

/**
 * How far outside its spread a number may sit and still hold, in its own unit: what a measurement can
 * resolve. Counts are exact (0). A median gaze angle from the pixels is good to about 0.1° (our choice:
 * at 720 p one degree of eye rotation moves the iris ~6 px, and an iris centre is fitted to a fraction
 * of a pixel); without it an era whose gaze hardly moves (2000's stare, 2026's eye contact) has a
 * pitch spread a few hundredths of a degree wide that no pixel measurement could be held to.
 */
export const SPREAD_TOLERANCE: Record<SpreadMetric, number> = {
  saccadesPerS: 0,
  blinksPerMin: 0,
  meanFixationMs: 0,
  medianPitchDeg: 0.1,
  largeSaccadesPerMin: 0,
};

/** pipeline.md: a proof film's numbers lie between its era's 10th and 90th percentiles. */
export const SPREAD_LOW_PERCENTILE = 10;
export const SPREAD_HIGH_PERCENTILE = 90;

/** One metric's spread over many films of a scene (windows of a long run, or seeds). */
export interface MetricSpread {
  p10: number;
  p50: number;
  p90: number;
  /** Films the metric could be measured on. */
  n: number;
}

/** Every held metric's spread, plus the reported-only ones. null: never measurable. */
export type Spread = Record<SpreadMetric | ReportedMetric, MetricSpread | null>;

export interface SpreadVerdict {
  metric: SpreadMetric;
  value: number | null;
  p10: number | null;
  p90: number | null;
  /** null: not measurable (no value, or no spread to hold it to). */
  pass: boolean | null;
}

/** Percentile p (0–100) of sorted values, linear between order statistics (R's type 7, numpy's default). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const h = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The spread of each metric over a set of films. */
export function spreadOf(films: readonly FilmMetrics[]): Spread {
  const one = (key: SpreadMetric | ReportedMetric): MetricSpread | null => {
    const v = films.map((f) => f[key]).filter((x): x is number => x !== null && Number.isFinite(x));
    if (v.length === 0) return null;
    v.sort((a, b) => a - b);
    return { p10: percentile(v, SPREAD_LOW_PERCENTILE), p50: percentile(v, 50), p90: percentile(v, SPREAD_HIGH_PERCENTILE), n: v.length };
  };
  const out = {} as Spread;
  for (const k of [...SPREAD_METRICS, ...REPORTED_METRICS]) out[k] = one(k);
  return out;
}

/**
 * Is each held number of a film inside its spread, p10 ≤ value ≤ p90 widened by the metric's
 * tolerance (both ends held: counts are discrete, and a film that ties the 10th percentile is as
 * typical as the windows that set it)? Pure: `eye render` calls it on the pixel-measured signal,
 * `eye check` on the model's.
 */
export function withinSpread(metrics: FilmMetrics, spread: Spread): SpreadVerdict[] {
  return SPREAD_METRICS.map((metric) => {
    const value = metrics[metric];
    const s = spread[metric];
    if (value === null || !Number.isFinite(value) || s === null) return { metric, value, p10: s?.p10 ?? null, p90: s?.p90 ?? null, pass: null };
    // Plus a part in 10⁹, so a value equal to a percentile never fails on rounding.
    const eps = SPREAD_TOLERANCE[metric] + 1e-9 * Math.max(1, Math.abs(s.p10), Math.abs(s.p90));
    return { metric, value, p10: s.p10, p90: s.p90, pass: value >= s.p10 - eps && value <= s.p90 + eps };
  });
}

/** True when no verdict failed (an unmeasurable metric does not fail a film). */
export function allWithin(verdicts: readonly SpreadVerdict[]): boolean {
  return verdicts.every((v) => v.pass !== false);
}

