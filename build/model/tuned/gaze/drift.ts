import type { Random } from '../../random/random.ts';
import { STEP_S } from '../../time/clock.ts';

/**
 * Fixational drift (eye.md §1): an Ornstein–Uhlenbeck process about the fixation point, one per axis,
 * stepped exactly (x ← x·e^(−dt/θ) + sd·√(1 − e^(−2dt/θ))·N).
 *
 * Size (our choice, inside the calm caps): a stationary spread of 0.08° per axis and θ 0.5 s, i.e.
 * ~0.1° of wander over a fixation (Rolfs 2009 reports drift of a few arcmin). At 240 Hz its sampled
 * velocity (5-sample, Engbert–Kliegl) is ~1.3°/s rms, an order below a microsaccade's 10–30°/s peak,
 * so a velocity-threshold detector leaves it alone. It carries the eye past 0.15° about one fixation in
 * six, which is what aims a microsaccade back.
 */
export const DRIFT_SD_DEG = 0.08;
export const DRIFT_TIME_CONSTANT_S = 0.5;

export class Drift {
  x = 0;
  y = 0;
  private readonly decay: number;
  private readonly kick: number;

  /** @param grain the calm factor on drift and microsaccade size (1, or 0.45 when calm). */
  constructor(
    private readonly rng: Random,
    grain: number,
  ) {
    this.decay = Math.exp(-STEP_S / DRIFT_TIME_CONSTANT_S);
    this.kick = DRIFT_SD_DEG * grain * Math.sqrt(1 - this.decay * this.decay);
  }

  step(): void {
    this.x = this.x * this.decay + this.kick * this.rng.normal();
    this.y = this.y * this.decay + this.kick * this.rng.normal();
  }

  set(x: number, y: number): void {
    this.x = x;
    this.y = y;
  }
}
