import { CALM } from '../../../spec/eye-spec.ts';
import type { Random } from '../../random/random.ts';
import type { EraId, Scene } from '../../../scene/scene.ts';
import { STEP_MS, STEP_S } from '../../time/clock.ts';
import type { TruthEvent } from '../../types.ts';
import { DEG_PER_RIG_UNIT, rigYFromPitchDeg } from '../../anatomy/gaze-pitch.ts';
import type { PointerTrack } from '../../pointer/pointer-track.ts';
import { microsaccadeAim, predictTarget, type MicrosaccadeAim } from './aims.ts';
import { Drift } from './drift.ts';
import { NO_EVENTS, type GazeProcess, type GazeState, type Landing } from './gaze-process.ts';
import { PendingCorrection } from './correction.ts';
import { EraScript } from './era-script.ts';
import { CORRECTION_LATENCY_MAX_MS, CORRECTION_LATENCY_MIN_MS, MIN_JUMP_DEG, UNDERSHOOT_ABOVE_DEG, UNDERSHOOT_GAIN_MAX, UNDERSHOOT_GAIN_MIN } from './main-sequence.ts';
import { MICRO_PRESACCADE_QUIET_MS, MicrosaccadeClock } from './microsaccades.ts';
import type { Goal } from './patterns/pattern.ts';
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

  private readonly goal: Goal = { x: 0, y: 0, cause: '', undershoot: false };
  private readonly microAim: MicrosaccadeAim = { x: 0, y: 0, cause: '' };
  private readonly rngSaccade: Random;
  private readonly rngMicro: Random;
  /** The era playing and its script (era-script.ts): where the eye is sent. */
  private readonly script: EraScript;
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
    const rngPatterns = rng.spawn('pattern');
    this.drift = new Drift(rng.spawn('drift'), this.grain);
    this.pointer = pointer === null ? null : new PointerFollow(pointer, this.gazeScale);
    this.script = new EraScript(scene, this.gazeScale, rngPatterns);
    this.micro = new MicrosaccadeClock(rng.spawn('micro-clock'), this.script.microRate());
    this.script.startPattern(this.goal);
    // The scene opens with the eye already on its pattern's first point, mid-fixation.
    this.script.startPending = false;
    this.eye.x = this.ax = this.script.patX;
    this.eye.y = this.ay = this.script.patY;
    this.script.beginFixation(0);
    this.s = {
      yawDeg: this.eye.x,
      pitchDeg: this.eye.y,
      rigX: this.eye.x / DEG_PER_RIG_UNIT,
      rigY: rigYFromPitchDeg(this.eye.y),
      inSaccade: false,
      era: this.script.era,
      convergenceDeg: this.script.convergenceTarget,
      targetYawDeg: NaN,
      targetPitchDeg: NaN,
    };
  }

  step(stageEra: EraId): void {
    this.n++;
    const t = this.n * DT_MS;
    this.nowMs = t;
    if (this.landed.length > 0) this.landed.length = 0;
    this.updateEra(t, stageEra);
    if (this.pointer !== null && this.pointer.update(t, this.script.patX, this.script.patY, this.script.cfg.followGain)) {
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
    s.era = this.script.era;
    s.convergenceDeg += (this.script.convergenceTarget - s.convergenceDeg) * VERGENCE_ALPHA;
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
    if (!this.script.switchEra(t, stageEra, busy)) return;
    // The old era's correction is dropped: the new era's first saccade goes where it has to anyway.
    this.correction.cancel();
    this.flight.kind.undershoot = false;
    this.micro.setRate(this.script.microRate());
    this.script.startPattern(this.goal);
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
      this.script.beginFixation(t);
    }
  }

  private fixate(t: number): void {
    if (this.engaged) {
      this.pointer!.pursuit.eyeVelocity(this.script.cfg.pursuitGain, this.pv);
      this.ax += this.pv.x * DT_S;
      this.ay += this.pv.y * DT_S;
    } else {
      const cy = this.script.pattern.carryPitchDegPerS(t - this.script.fixStartMs) * DT_S;
      this.ay += cy;
      this.script.patY += cy;
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
      if (this.saccadeTo(t, this.script.patX, this.script.patY, 'pointer-idle-return', false)) return;
    } else if (this.script.startPending) {
      this.script.startPending = false;
      if (this.saccadeTo(t, this.script.patX, this.script.patY, 'era-change', false)) return;
    } else if (t >= this.script.fixEndMs) {
      if (this.script.pattern.next(this.script.patX, this.script.patY, this.goal)) {
        this.script.patX = this.goal.x;
        this.script.patY = this.goal.y;
        const t0 = Math.max(this.script.fixEndMs, this.lastMoveEndMs);
        if (this.saccadeTo(t0, this.goal.x, this.goal.y, this.goal.cause, this.goal.undershoot)) return;
      } else {
        this.script.fixEndMs = Infinity;
      }
    }
    if (this.micro.tick(t) && this.script.fixEndMs - t > MICRO_PRESACCADE_QUIET_MS) this.microsaccade(t);
  }

  /** A catch-up saccade when the eye has fallen behind the followed target; aimed where it will be. */
  private catchUp(t: number, pointer: PointerFollow): boolean {
    const errX = pointer.tx - this.ax;
    const errY = pointer.ty - this.ay;
    if (Math.hypot(errX, errY) <= (this.scene.overrides.catchUpDeg ?? this.script.cfg.catchUpDeg)) return false;
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
    if (!this.launch(t, x, y, 'corrective', false, false, true)) this.script.beginFixation(t);
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
    this.script.beginFixation(t);
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
