import { CALM_CAPS } from '../../../spec/eye-spec.ts';
import type { Random } from '../../random/random.ts';
import { STEP_S } from '../../time/clock.ts';

/**
 * When microsaccades fire and where they go (eye.md §1; Engbert & Kliegl 2003, Rolfs 2009).
 *
 * Timing: intervals are gamma (k 4) of mean 1/rate, counted only in *clear* fixation time: a real
 * saccade's landing clears the next 0.4–0.8 s (microsaccades are suppressed around saccades), a
 * microsaccade's own landing clears nothing (resetting on every landing ran them at ~1.7/s). The
 * gamma's regularity (a refractory period, as in real inter-microsaccade intervals) keeps the 10-min
 * count within ±3 % (1σ) of its mean, where a Poisson count would wander ±6 %.
 *
 * Rate: the nominal ~0.45/s (0.5/s for 2000's lock) is capped at 0.9 × the cap (0.45/s): 2000's 0.5/s sits exactly on
 * the ≤ 0.5/s cap, and a gamma-k4 count over 10 min spreads ±0.014/s (1σ), so 0.45 keeps > 3σ of
 * margin. In busy eras the clear windows make the effective rate lower still. A scene override (a
 * deliberately bad eye) is used as given.
 */
export const MICRO_RATE_CEILING_PER_S = CALM_CAPS.microsaccadesPerS.max * 0.9;
const DT_S = STEP_S;
const MICRO_INTERVAL_SHAPE = 4;
export const MICRO_CLEAR_MIN_MS = 400;
export const MICRO_CLEAR_MAX_MS = 800;

/**
 * No microsaccade in the last 150 ms of a fixation: microsaccade rate drops before a saccade's onset
 * (Rolfs 2009), and one fired just before the saccade would run into it as a single movement.
 */
export const MICRO_PRESACCADE_QUIET_MS = 150;

/** Drift further than this from the fixation point aims the microsaccade back at it (× grain). */
export const MICRO_AIM_BACK_DEG = 0.15;
/** Undirected microsaccades: 0.15–0.4° (× grain); aimed ones: 0.8–1 × the error. */
export const MICRO_MIN_DEG = 0.15;
export const MICRO_RANDOM_MAX_DEG = 0.4;
/** Never at or above this (× grain): well under the 0.6° that makes a saccade. */
export const MICRO_MAX_DEG = 0.5;

export function effectiveMicroRatePerS(tableRate: number, overrideRate: number | undefined): number {
  return overrideRate ?? Math.min(tableRate, MICRO_RATE_CEILING_PER_S);
}

export class MicrosaccadeClock {
  /** Clear fixation time left until the next microsaccade, s. */
  private leftS: number;
  /** No microsaccade before this time, ms (set by real saccades' landings). */
  clearUntilMs = 0;
  private rateMeanS: number;

  constructor(
    private readonly rng: Random,
    ratePerS: number,
  ) {
    this.rateMeanS = ratePerS > 0 ? 1 / ratePerS : Infinity;
    this.leftS = this.draw();
  }

  setRate(ratePerS: number): void {
    const mean = ratePerS > 0 ? 1 / ratePerS : Infinity;
    if (mean === this.rateMeanS) return;
    this.rateMeanS = mean;
    this.leftS = this.draw();
  }

  private draw(): number {
    return Number.isFinite(this.rateMeanS) ? this.rng.gamma(MICRO_INTERVAL_SHAPE, this.rateMeanS) : Infinity;
  }

  /** A real saccade landed at `tMs`: keep the next 0.4–0.8 s clear. */
  clearAfterLanding(tMs: number): void {
    const until = tMs + this.rng.uniform(MICRO_CLEAR_MIN_MS, MICRO_CLEAR_MAX_MS);
    if (until > this.clearUntilMs) this.clearUntilMs = until;
  }

  /** One fixating step at `tMs`; true when a microsaccade is due now. */
  tick(tMs: number): boolean {
    if (tMs < this.clearUntilMs) return false;
    this.leftS -= DT_S;
    if (this.leftS > 0) return false;
    this.leftS = this.draw();
    return true;
  }
}
