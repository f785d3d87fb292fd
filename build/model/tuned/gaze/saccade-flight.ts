import type { TruthEvent } from '../../types.ts';
import { minimumJerk, SACCADE_MIN_DEG, saccadeDurationMs } from './main-sequence.ts';

/** What a launched movement is, for its ground-truth event and the blinks that read landings. */
export interface FlightKind {
  cause: string;
  /** A microsaccade: it moves the eye about the same fixation point and clears nothing. */
  micro: boolean;
  /** Lands short of its goal (a corrective follows). */
  undershoot: boolean;
  /** It is the corrective after an undershoot. */
  corrective: boolean;
}

/**
 * One saccade or microsaccade in flight (eye.md §1): a minimum-jerk profile from its start to its
 * landing over its main-sequence duration. Times are continuous: it starts when it is due (possibly
 * between two 240 Hz steps) and the steps sample its profile.
 */
export class SaccadeFlight {
  active = false;
  startX = 0;
  startY = 0;
  landX = 0;
  landY = 0;
  t0Ms = 0;
  durationMs = 0;
  amplitudeDeg = 0;
  readonly kind: FlightKind = { cause: '', micro: false, undershoot: false, corrective: false };

  get endMs(): number {
    return this.t0Ms + this.durationMs;
  }

  /** Launch at `t0Ms` from (sx, sy) to (x, y), `amplitudeDeg` apart. */
  launch(t0Ms: number, sx: number, sy: number, x: number, y: number, amplitudeDeg: number, kind: FlightKind): void {
    this.active = true;
    this.startX = sx;
    this.startY = sy;
    this.landX = x;
    this.landY = y;
    this.t0Ms = t0Ms;
    this.durationMs = saccadeDurationMs(amplitudeDeg);
    this.amplitudeDeg = amplitudeDeg;
    this.kind.cause = kind.cause;
    this.kind.micro = kind.micro;
    this.kind.undershoot = kind.undershoot;
    this.kind.corrective = kind.corrective;
  }

  /** The eye on the profile at `tMs` (written into `out`) while it flies; false once it has landed. */
  at(tMs: number, out: { x: number; y: number }): boolean {
    const tau = (tMs - this.t0Ms) / this.durationMs;
    if (tau >= 1) return false;
    this.place(tau, out);
    return true;
  }

  /** A flight launched late (due before `nowMs`) puts the eye where it is by now; nothing if not yet. */
  catchUp(nowMs: number, out: { x: number; y: number }): void {
    const tau = (nowMs - this.t0Ms) / this.durationMs;
    if (tau > 0) this.place(tau, out);
  }

  private place(tau: number, out: { x: number; y: number }): void {
    const k = minimumJerk(tau);
    out.x = this.startX + (this.landX - this.startX) * k;
    out.y = this.startY + (this.landY - this.startY) * k;
  }

  /** Its ground-truth event (on landing): a saccade from SACCADE_MIN_DEG up, a microsaccade below. */
  truthEvent(): TruthEvent {
    return {
      kind: this.amplitudeDeg >= SACCADE_MIN_DEG ? 'saccade' : 'microsaccade',
      startMs: this.t0Ms,
      endMs: this.endMs,
      amplitudeDeg: this.amplitudeDeg,
      corrective: this.kind.corrective,
      cause: this.kind.cause,
    };
  }
}
