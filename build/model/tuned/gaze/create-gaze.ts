import { CALM } from '../../../spec/eye-spec.ts';
import type { Random } from '../../random/random.ts';
import type { EraId, Scene } from '../../../scene/scene.ts';
import { STEP_MS, STEP_S } from '../../time/clock.ts';
import type { TruthEvent } from '../../types.ts';
import { DEG_PER_RIG_UNIT, rigYFromPitchDeg } from '../../anatomy/gaze-pitch.ts';
import { CONTACT, ERA_GAZE, type EraGaze } from '../../eras/era-gaze.ts';
import { scenePointer, type PointerTrack } from '../../pointer/pointer-track.ts';
import { eraConvergenceDeg } from './convergence.ts';
import { Drift } from './drift.ts';
import type { GazeProcess, GazeState, Landing } from './gaze-process.ts';
import { PendingCorrection } from './correction.ts';
import { EraChange } from './era-change.ts';
import {
  CORRECTION_LATENCY_MAX_MS,
  CORRECTION_LATENCY_MIN_MS,
  MIN_JUMP_DEG,
  saccadeDurationMs,
  UNDERSHOOT_ABOVE_DEG,
  UNDERSHOOT_GAIN_MAX,
  UNDERSHOOT_GAIN_MIN,
} from './main-sequence.ts';
import {
  effectiveMicroRatePerS,
  MICRO_AIM_BACK_DEG,
  MICRO_PRESACCADE_QUIET_MS,
  MICRO_MAX_DEG,
  MICRO_MIN_DEG,
  MICRO_RANDOM_MAX_DEG,
  MicrosaccadeClock,
} from './microsaccades.ts';
import { createPattern } from './patterns/create-pattern.ts';
import { PatternGeometry, type Goal, type PatternRunner } from './patterns/pattern.ts';
import { PointerFollow } from './pointer-follow.ts';
import { SaccadeFlight, type FlightKind } from './saccade-flight.ts';

/** Calm (coarse pointer): gaze amplitudes × 0.6, grain (drift, microsaccades) × 0.45 (eye.md §8). */
export const CALM_GAZE_SCALE = CALM.gazeScale;
export const CALM_GRAIN_SCALE = CALM.grainScale;
/** A catch-up saccade waits this long after the last landing (saccadic refractory period, Fischer 1993). */
export const CATCH_UP_REFRACTORY_MS = 150;
/** Vergence moves slowly (Rashbass & Westheimer 1961: ~150 ms time constant). */
const VERGENCE_TAU_S = 0.15;
const VERGENCE_ALPHA = 1 - Math.exp(-STEP_S / VERGENCE_TAU_S);
// Module-local copies: read every step, and a bundler's live import bindings cost a getter call each.
const DT_S = STEP_S;
const DT_MS = STEP_MS;

/** Shared and frozen: most steps end nothing, and a caller that pushed into it would fail loudly. */
const NO_EVENTS: TruthEvent[] = Object.freeze([]) as unknown as TruthEvent[];
const NO_LANDINGS: readonly Landing[] = Object.freeze([]);

/**
 * The tuned eye's gaze (eye.md §1–3, §8): fixations, main-sequence saccades with undershoot and
 * correction, microsaccades, OU drift, pursuit of the pointer with catch-up saccades, eye contact at
 * rest and the ten era scripts, stepped at 240 Hz. Pure and deterministic: each sub-process draws from
 * its own child of `rng` (`saccade`, `micro`, `micro-clock`, `drift`, `pattern/<n>:<era>` with its
 * `fixation` and `pattern` children), so one's draws never reshuffle another's.
 *
 * How it runs:
 * - Motion happens in eye degrees (what the detector sees), so the main sequence and microsaccade
 *   sizes hold in the output; pattern and pointer positions come from rig units through the pitch
 *   shaping. The eye is its fixation point (anchor) plus OU drift, or a saccade in flight.
 * - Times are continuous: a movement starts when it is due (a fixation's end, a correction's
 *   latency) and the steps sample it, so drawn fixations, latencies and durations are kept exactly.
 * - A fixation is timed from the last landing of its movement (a corrective's, when there is one), so
 *   the detector's fixation (corrective merged with its primary) is the drawn one.
 *
 * Choices where eye.md is silent:
 * - `followGain` is where the eye looks, not how fast: goal = pattern point + follow·(pointer −
 *   pattern point). The pursuit's velocity gain is separate (0.85, 2026 0.97).
 * - The pointer (an input channel: a scene's keys, or the live page's events) is followed while it is
 *   in the window and has done something in the last 2.8 s (pointer-follow.ts); while it is followed
 *   the script pauses; when it goes idle or leaves, the eye saccades back to where the script was and
 *   the script resumes.
 * - Catch-up saccades keep a 150 ms refractory after a landing. Catch-up thresholds: ERA_GAZE.
 * - Vergence: from the era's device distance in a script, 0 at rest (the eye looks at the visitor).
 * - Calm scales the pointer's angles by 0.6 too (they are gaze amplitudes), and the scroll speed.
 *
 * Reduced motion: the eye rests at (0, 0), ignores the pointer and never moves.
 */
export function createGaze(scene: Scene, rng: Random, pointer: PointerTrack | null = scenePointer(scene)): GazeProcess {
  return scene.reducedMotion ? new StillGaze(scene) : new TunedGaze(scene, rng, pointer);
}

/** Reduced motion: rest gaze, no pointer, no saccades; every step identical (the era follows plain cuts). */
class StillGaze implements GazeProcess {
  private readonly s: GazeState;
  constructor(scene: Scene) {
    this.s = { yawDeg: 0, pitchDeg: 0, rigX: 0, rigY: 0, inSaccade: false, era: scene.era, convergenceDeg: 0, targetYawDeg: NaN, targetPitchDeg: NaN };
  }
  step(stageEra: EraId): void {
    this.s.era = stageEra;
  }
  state(): GazeState {
    return this.s;
  }
  landings(): readonly Landing[] {
    return NO_LANDINGS;
  }
  drainEvents(): TruthEvent[] {
    return NO_EVENTS;
  }
}

class TunedGaze implements GazeProcess {
  private n = 0;
  private readonly s: GazeState;
  private readonly gazeScale: number;
  private readonly grain: number;

  // The era playing and its script.
  private era: EraId;
  private cfg: EraGaze;
  private readonly eraChange = new EraChange();
  private pattern!: PatternRunner;
  private patternStarts = 0;
  /** The pattern's current point, deg (where the script wants the eye; carried by scroll). */
  private patX = 0;
  private patY = 0;
  /** The pattern's first goal has not been looked at yet (a new era). */
  private startPending = false;
  private fixEndMs = 0;
  /** When the current fixation's timing began (its movement's last landing), ms. */
  private fixStartMs = 0;

  // The eye: fixation point (anchor) + drift, or a movement in flight.
  private readonly eye = { x: 0, y: 0 };
  private ax = 0;
  private ay = 0;
  private readonly drift: Drift;
  private readonly flight = new SaccadeFlight();
  private readonly launchKind: FlightKind = { cause: '', micro: false, undershoot: false, corrective: false };
  private readonly correction = new PendingCorrection();
  /** When the last real saccade (not a microsaccade) ended, ms. */
  private lastLandingMs = -Infinity;
  /** When the last movement of any kind ended, ms (a scheduled saccade never starts before it). */
  private lastMoveEndMs = -Infinity;
  /** The current step's time, ms. */
  private nowMs = 0;
  private readonly micro: MicrosaccadeClock;

  private readonly pointer: PointerFollow | null;
  private readonly pv = { x: 0, y: 0 };

  private convergenceTarget = 0;
  private readonly goal: Goal = { x: 0, y: 0, cause: '', undershoot: false };
  private readonly rngSaccade: Random;
  private readonly rngMicro: Random;
  private readonly rngPatterns: Random;
  private events: TruthEvent[] = [];
  private readonly landed: Landing[] = [];

  constructor(
    private readonly scene: Scene,
    rng: Random,
    pointer: PointerTrack | null,
  ) {
    this.gazeScale = scene.calm ? CALM_GAZE_SCALE : 1;
    this.grain = scene.calm ? CALM_GRAIN_SCALE : 1;
    this.rngSaccade = rng.spawn('saccade');
    this.rngMicro = rng.spawn('micro');
    this.rngPatterns = rng.spawn('pattern');
    this.drift = new Drift(rng.spawn('drift'), this.grain);
    this.pointer = pointer === null ? null : new PointerFollow(pointer, this.gazeScale);
    this.era = scene.era;
    this.cfg = ERA_GAZE[this.era];
    this.micro = new MicrosaccadeClock(rng.spawn('micro-clock'), this.microRate());
    this.startPattern();
    // The scene opens with the eye already on its pattern's first point, mid-fixation.
    this.startPending = false;
    this.eye.x = this.ax = this.patX;
    this.eye.y = this.ay = this.patY;
    this.beginFixation(0);
    this.s = {
      yawDeg: this.eye.x,
      pitchDeg: this.eye.y,
      rigX: this.eye.x / DEG_PER_RIG_UNIT,
      rigY: rigYFromPitchDeg(this.eye.y),
      inSaccade: false,
      era: this.era,
      convergenceDeg: this.convergenceTarget,
      targetYawDeg: NaN,
      targetPitchDeg: NaN,
    };
  }

  private microRate(): number {
    return effectiveMicroRatePerS(this.cfg.microRatePerS, this.scene.overrides.microRatePerS);
  }

  /** Vergence the eye is heading for: the device's distance in a script, the visitor's at rest. */
  private targetConvergence(): number {
    return this.scene.mode === 'script' ? eraConvergenceDeg(this.era) : 0;
  }

  /** Build the playing era's pattern (rest mode: eye contact at (0, 0)) and take its first goal. */
  private startPattern(): void {
    const script = this.scene.mode === 'script';
    const geometry = new PatternGeometry(script ? this.cfg.rest : { x: 0, y: 0 }, this.gazeScale);
    const rng = this.rngPatterns.spawn(`${this.patternStarts++}:${this.era}`);
    this.pattern = createPattern(script ? this.cfg.pattern : CONTACT, geometry, rng, this.scene.overrides.fixMs);
    this.convergenceTarget = this.targetConvergence();
    this.pattern.start(this.goal);
    this.patX = this.goal.x;
    this.patY = this.goal.y;
    this.startPending = true;
    this.fixEndMs = 0;
  }

  step(stageEra: EraId): void {
    this.n++;
    const t = this.n * DT_MS;
    this.nowMs = t;
    if (this.landed.length > 0) this.landed.length = 0;
    this.updateEra(t, stageEra);
    if (this.pointer !== null && this.pointer.update(t, this.patX, this.patY, this.cfg.followGain)) {
      this.correction.cancel(); // the pointer takes over from a script correction
    }
    if (this.flight.active) this.fly(t);
    else this.fixate(t);
    const s = this.s;
    s.yawDeg = this.eye.x;
    s.pitchDeg = this.eye.y;
    s.rigX = this.eye.x / DEG_PER_RIG_UNIT;
    s.rigY = rigYFromPitchDeg(this.eye.y);
    s.inSaccade = this.flight.active;
    s.era = this.era;
    s.convergenceDeg += (this.convergenceTarget - s.convergenceDeg) * VERGENCE_ALPHA;
    const following = this.pointer !== null && this.pointer.engaged;
    s.targetYawDeg = following ? this.pointer!.tx : NaN;
    s.targetPitchDeg = following ? this.pointer!.ty : NaN;
  }

  state(): GazeState {
    return this.s;
  }

  landings(): readonly Landing[] {
    return this.landed;
  }

  drainEvents(): TruthEvent[] {
    if (this.events.length === 0) return NO_EVENTS;
    const out = this.events;
    this.events = [];
    return out;
  }

  /** The stage's era, taken up once the movement in flight is done (era-change.ts). */
  private updateEra(t: number, stageEra: EraId): void {
    const busy = this.flight.active || this.correction.pending;
    if (!this.eraChange.switchNow(t, stageEra, this.era, busy)) return;
    this.era = stageEra;
    this.cfg = ERA_GAZE[stageEra];
    // The old era's correction is dropped: the new era's first saccade goes where it has to anyway.
    this.correction.cancel();
    this.flight.kind.undershoot = false;
    this.micro.setRate(this.microRate());
    this.startPattern();
  }

  private get engaged(): boolean {
    return this.pointer !== null && this.pointer.engaged;
  }

  private fly(t: number): void {
    if (!this.flight.at(t, this.eye)) this.land(this.flight.endMs);
  }

  /**
   * The movement in flight has landed; `t` is its exact end (times are continuous: a movement starts
   * when it is due and the 240 Hz steps sample it, so fixations and latencies keep their drawn lengths).
   */
  private land(t: number): void {
    const f = this.flight;
    f.active = false;
    this.eye.x = f.landX;
    this.eye.y = f.landY;
    const micro = f.kind.micro;
    this.events.push(f.truthEvent());
    this.landed.push({ amplitudeDeg: f.amplitudeDeg, micro, corrective: f.kind.corrective });
    this.lastMoveEndMs = t;
    if (micro) {
      // A microsaccade moves the eye about the same fixation point and clears nothing.
      this.drift.set(this.eye.x - this.ax, this.eye.y - this.ay);
      return;
    }
    this.ax = this.eye.x;
    this.ay = this.eye.y;
    this.drift.set(0, 0);
    this.lastLandingMs = t;
    this.micro.clearAfterLanding(t);
    if (f.kind.undershoot) {
      this.correction.atMs = t + this.rngSaccade.uniform(CORRECTION_LATENCY_MIN_MS, CORRECTION_LATENCY_MAX_MS);
    } else {
      // The fixation is timed from the last landing of the movement (a corrective merges with its primary).
      this.beginFixation(t);
    }
  }

  /** Time the fixation that starts now (the pattern's draw). */
  private beginFixation(t: number): void {
    this.fixStartMs = t;
    this.fixEndMs = t + this.pattern.fixationMs();
  }

  private fixate(t: number): void {
    if (this.engaged) {
      this.pointer!.pursuit.eyeVelocity(this.cfg.pursuitGain, this.pv);
      this.ax += this.pv.x * DT_S;
      this.ay += this.pv.y * DT_S;
    } else {
      const cy = this.pattern.carryPitchDegPerS(t - this.fixStartMs) * DT_S;
      this.ay += cy;
      this.patY += cy;
    }
    this.drift.step();
    this.eye.x = this.ax + this.drift.x;
    this.eye.y = this.ay + this.drift.y;

    if (this.correction.pending) {
      if (t >= this.correction.atMs) this.correct(Math.max(this.correction.atMs, this.lastMoveEndMs));
      return;
    }
    const pointer = this.pointer;
    if (pointer !== null && pointer.engaged) {
      if (t - this.lastLandingMs >= CATCH_UP_REFRACTORY_MS && this.catchUp(t, pointer)) return;
    } else if (pointer !== null && pointer.returnPending) {
      pointer.returnPending = false;
      if (this.saccadeTo(t, this.patX, this.patY, 'pointer-idle-return', false)) return;
    } else if (this.startPending) {
      this.startPending = false;
      if (this.saccadeTo(t, this.patX, this.patY, 'era-change', false)) return;
    } else if (t >= this.fixEndMs) {
      if (this.pattern.next(this.patX, this.patY, this.goal)) {
        this.patX = this.goal.x;
        this.patY = this.goal.y;
        const t0 = Math.max(this.fixEndMs, this.lastMoveEndMs);
        if (this.saccadeTo(t0, this.goal.x, this.goal.y, this.goal.cause, this.goal.undershoot)) return;
      } else {
        this.fixEndMs = Infinity;
      }
    }
    if (this.micro.tick(t) && this.fixEndMs - t > MICRO_PRESACCADE_QUIET_MS) this.microsaccade(t);
  }

  /** A catch-up saccade when the eye has fallen behind the followed target; aimed where it will be. */
  private catchUp(t: number, pointer: PointerFollow): boolean {
    const errX = pointer.tx - this.ax;
    const errY = pointer.ty - this.ay;
    if (Math.hypot(errX, errY) <= (this.scene.overrides.catchUpDeg ?? this.cfg.catchUpDeg)) return false;
    this.predictTarget(pointer);
    return this.saccadeTo(t, this.goal.x, this.goal.y, 'catch-up', false);
  }

  /**
   * Where the followed target will be when a saccade from the eye lands: the target plus its trusted
   * (≤ 30°/s, low-passed) velocity times the flight time. Written into `goal`.
   */
  private predictTarget(pointer: PointerFollow): void {
    const { tx: x, ty: y, pursuit } = pointer;
    let dur = saccadeDurationMs(Math.hypot(x - this.eye.x, y - this.eye.y)) / 1000;
    let gx = x + pursuit.vx * dur;
    let gy = y + pursuit.vy * dur;
    dur = saccadeDurationMs(Math.hypot(gx - this.eye.x, gy - this.eye.y)) / 1000;
    gx = x + pursuit.vx * dur;
    gy = y + pursuit.vy * dur;
    this.goal.x = gx;
    this.goal.y = gy;
  }

  private correct(t: number): void {
    const c = this.correction;
    c.cancel();
    let x = c.x;
    let y = c.y;
    if (c.toPointer && this.pointer !== null && this.pointer.engaged) {
      this.predictTarget(this.pointer);
      x = this.goal.x;
      y = this.goal.y;
    }
    if (!this.launch(t, x, y, 'corrective', false, false, true)) this.beginFixation(t);
  }

  private microsaccade(t: number): void {
    const dx = this.eye.x - this.ax;
    const dy = this.eye.y - this.ay;
    const r = Math.hypot(dx, dy);
    const rng = this.rngMicro;
    let ux: number;
    let uy: number;
    let amp: number;
    let cause: string;
    if (r > MICRO_AIM_BACK_DEG * this.grain) {
      // Aimed back at the fixation point (Engbert & Kliegl 2004: microsaccades correct drift).
      ux = -dx / r;
      uy = -dy / r;
      amp = Math.min(r * rng.uniform(0.8, 1), MICRO_MAX_DEG * this.grain);
      cause = 'micro-return';
    } else {
      const th = rng.uniform(0, 2 * Math.PI);
      ux = Math.cos(th);
      uy = Math.sin(th);
      amp = rng.uniform(MICRO_MIN_DEG, MICRO_RANDOM_MAX_DEG) * this.grain;
      cause = 'micro';
    }
    this.launch(t, this.eye.x + ux * amp, this.eye.y + uy * amp, cause, true, false, false);
  }

  /**
   * A saccade (not a microsaccade) to a goal: above 8° (or when the pattern asks, for a line start) it
   * lands at 90–94 % and a corrective follows. False if the jump was too small to make (< 0.05°), in
   * which case the eye stays and a new fixation is timed.
   */
  private saccadeTo(t: number, x: number, y: number, cause: string, forceUndershoot: boolean): boolean {
    const amp = Math.hypot(x - this.eye.x, y - this.eye.y);
    const undershoot = amp > UNDERSHOOT_ABOVE_DEG || (forceUndershoot && amp > MIN_JUMP_DEG);
    if (undershoot) {
      this.correction.aim(x, y, cause === 'catch-up');
      const g = this.rngSaccade.uniform(UNDERSHOOT_GAIN_MIN, UNDERSHOOT_GAIN_MAX);
      x = this.eye.x + (x - this.eye.x) * g;
      y = this.eye.y + (y - this.eye.y) * g;
    }
    if (this.launch(t, x, y, cause, false, undershoot, false)) return true;
    this.beginFixation(t);
    return false;
  }

  /**
   * Launch a movement due at `t` (≤ now) from the eye's position to (x, y), placing the eye on its
   * profile for the current step. False if it is under 0.05° (dropped).
   */
  private launch(t: number, x: number, y: number, cause: string, micro: boolean, undershoot: boolean, corrective: boolean): boolean {
    const amp = Math.hypot(x - this.eye.x, y - this.eye.y);
    if (amp < MIN_JUMP_DEG) return false;
    const k = this.launchKind;
    k.cause = cause;
    k.micro = micro;
    k.undershoot = undershoot;
    k.corrective = corrective;
    this.flight.launch(t, this.eye.x, this.eye.y, x, y, amp, k);
    this.flight.catchUp(this.nowMs, this.eye);
    return true;
  }
}
