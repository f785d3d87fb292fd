import { CALM } from '../../../spec/eye-spec.ts';
import type { Random } from '../../random/random.ts';
import type { EraId, Scene } from '../../../scene/scene.ts';
import { STEP_MS, STEP_S } from '../../time/clock.ts';
import type { TruthEvent } from '../../types.ts';
import { DEG_PER_RIG_UNIT, rigYFromPitchDeg } from '../../anatomy/gaze-pitch.ts';
import { CONTACT, ERA_GAZE, type EraGaze } from '../../eras/era-gaze.ts';
import type { PointerTrack } from '../../pointer/pointer-track.ts';
import { microsaccadeAim, predictTarget, type MicrosaccadeAim } from './aims.ts';
import { eraConvergenceDeg } from './convergence.ts';
import { Drift } from './drift.ts';
import { NO_EVENTS, type GazeProcess, type GazeState, type Landing } from './gaze-process.ts';
import { PendingCorrection } from './correction.ts';
import { EraChange } from './era-change.ts';
import { CORRECTION_LATENCY_MAX_MS, CORRECTION_LATENCY_MIN_MS, MIN_JUMP_DEG, UNDERSHOOT_ABOVE_DEG, UNDERSHOOT_GAIN_MAX, UNDERSHOOT_GAIN_MIN } from './main-sequence.ts';
import { effectiveMicroRatePerS, MICRO_PRESACCADE_QUIET_MS, MicrosaccadeClock } from './microsaccades.ts';
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

/** The tuned eye's gaze, stepped at 240 Hz: how it runs is createGaze's doc (create-gaze.ts). */
export class TunedGaze implements GazeProcess {
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
  private readonly microAim: MicrosaccadeAim = { x: 0, y: 0, cause: '' };
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

  /** Where the followed target will be when a saccade lands (aims.ts), written into `goal`. */
  private predictTarget(pointer: PointerFollow): void {
    predictTarget(pointer, this.eye, this.goal);
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
    const a = microsaccadeAim(this.eye, this.ax, this.ay, this.grain, this.rngMicro, this.microAim);
    this.launch(t, a.x, a.y, a.cause, true, false, false);
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
