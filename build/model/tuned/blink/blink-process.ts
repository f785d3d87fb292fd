import { blinkExponentialMeanS, BLINK_INTERVAL_MAX_S, BLINK_INTERVAL_MIN_S } from '../../eras/era-blink.ts';
import type { Random } from '../../random/random.ts';
import type { TruthEvent } from '../../types.ts';
import type { Landing } from '../gaze/gaze-process.ts';
import { blinkClosure, BLINK_MAIN_MS, BLINK_TOTAL_MS } from './blink-shape.ts';

/** 15 % of natural blinks are partial, stopping at 0.5–0.9 closure (eye.md §4, R13). */
export const PARTIAL_SHARE = 0.15;
export const PARTIAL_DEPTH_MIN = 0.5;
export const PARTIAL_DEPTH_MAX = 0.9;
/** 18 % of blinks are doubles (seed 003, eye.md §4). */
export const DOUBLE_SHARE = 0.18;
/**
 * A double's second blink starts 320–450 ms after the first's onset: once the first has opened nine
 * tenths of the way (300 ms) and while it creeps, so the two read as one flutter and a detector with
 * an aperture threshold still sees two closures.
 */
export const DOUBLE_GAP_MIN_MS = 320;
export const DOUBLE_GAP_MAX_MS = 450;
/** Gaze-evoked blinks: p = smoothstep(12°, 35°, A) · 0.7 on a saccade's landing (Evinger). */
export const EVOKED_FROM_DEG = 12;
export const EVOKED_TO_DEG = 35;
export const EVOKED_MAX_P = 0.7;

export function evokedBlinkProbability(amplitudeDeg: number): number {
  const x = Math.min(1, Math.max(0, (amplitudeDeg - EVOKED_FROM_DEG) / (EVOKED_TO_DEG - EVOKED_FROM_DEG)));
  return x * x * (3 - 2 * x) * EVOKED_MAX_P;
}

export interface BlinkProcessOptions {
  /** Effective mean interval between first-blink onsets, s (the clamp is compensated here). */
  meanIntervalS: number;
  /** May a natural blink starting now be partial? (No during a cut and 600 ms after.) Called only at an onset. */
  partialAllowedAt: (tMs: number) => boolean;
}

interface ActiveBlink {
  active: boolean;
  startMs: number;
  depth: number;
  partial: boolean;
  doubleSecond: boolean;
  evoked: boolean;
}

const SLOTS = 3;
const EMPTY: TruthEvent[] = [];

/**
 * The blink process: when blinks start and how deep they go. Runs every 240 Hz step whatever the stage
 * does (a blink caught by a cut finishes unseen under it). Its closure is the blink alone; the eye
 * takes the most shut of this, a held lid and the cut.
 *
 * Timing: the next natural onset is drawn at every first-blink onset (natural or gaze-evoked; a
 * double's second does not count) as an exponential clamped to 0.8–12 s, its mean raised so the
 * clamped mean equals `meanIntervalS`. A gaze-evoked blink resets that timer (it has just wet the
 * eye). A new first blink waits until every blink in flight has opened nine tenths of the way and a
 * pending double's second has started; a natural one due meanwhile is deferred, an evoked one dropped.
 * Microsaccades never bring blinks.
 */
export class BlinkProcess {
  /** Closure 0 (open) … 1 (shut) after the last step. */
  closure = 0;
  /**
   * While held, no first blink starts: a natural one due is deferred, an evoked one dropped (eye.md §7:
   * blinks are held through a startle, a stare or annoyance). A blink already in flight finishes.
   */
  held = false;
  private askPending = false;
  private expMeanMs: number;
  private readonly timing: Random;
  private readonly kind: Random;
  private readonly evokedRng: Random;
  private nextNaturalMs: number;
  private pendingSecondMs = -1;
  private readonly slots: ActiveBlink[] = [];
  private events: TruthEvent[] = [];
  private inFlight = 0;

  constructor(
    rng: Random,
    private readonly opts: BlinkProcessOptions,
  ) {
    this.expMeanMs = blinkExponentialMeanS(opts.meanIntervalS) * 1000;
    // Separate streams: a gaze-evoked draw never reshuffles the kinds, a kind draw never the timing.
    this.timing = rng.spawn('timing');
    this.kind = rng.spawn('kind');
    this.evokedRng = rng.spawn('evoked');
    for (let i = 0; i < SLOTS; i++) this.slots.push({ active: false, startMs: 0, depth: 0, partial: false, doubleSecond: false, evoked: false });
    this.nextNaturalMs = this.drawIntervalMs();
  }

  /** A new era's mean (the timer already drawn runs out first). */
  setMeanIntervalS(meanS: number): void {
    this.expMeanMs = blinkExponentialMeanS(meanS) * 1000;
  }

  /** Ask for one whole blink as soon as one may start and blinks are not held (one follows a startle's end). */
  ask(): void {
    this.askPending = true;
  }

  /** One step at scene time `tMs`, with the saccades that landed on it. */
  step(tMs: number, landings: readonly Landing[]): void {
    // The common step: nothing in flight, nothing due.
    if (this.inFlight === 0 && this.pendingSecondMs < 0 && tMs < this.nextNaturalMs && landings.length === 0 && !this.askPending) {
      this.closure = 0;
      return;
    }
    this.finish(tMs);
    if (this.pendingSecondMs >= 0 && tMs >= this.pendingSecondMs) {
      this.pendingSecondMs = -1;
      this.start(tMs, 1, false, true, false);
    }
    for (let i = 0; i < landings.length; i++) {
      const l = landings[i];
      if (l.micro) continue;
      const p = evokedBlinkProbability(l.amplitudeDeg);
      if (p > 0 && this.evokedRng.chance(p) && !this.held && this.canStartFirst(tMs)) this.startFirst(tMs, true);
    }
    if (this.askPending && !this.held && this.canStartFirst(tMs)) {
      // Whole and not partial, and it restarts the natural timer as any first blink does.
      this.askPending = false;
      this.nextNaturalMs = tMs + this.drawIntervalMs();
      this.start(tMs, 1, false, false, false);
    }
    if (tMs >= this.nextNaturalMs && !this.held && this.canStartFirst(tMs)) this.startFirst(tMs, false);
    let c = 0;
    for (let i = 0; i < SLOTS; i++) {
      const s = this.slots[i];
      if (s.active) c = Math.max(c, blinkClosure(tMs - s.startMs, s.depth));
    }
    this.closure = c;
  }

  /** True while any blink is in flight (creep included). */
  get active(): boolean {
    return this.inFlight > 0;
  }

  /** Could a first blink (natural or evoked) start now? */
  canStartFirst(tMs: number): boolean {
    if (this.pendingSecondMs >= 0) return false;
    for (let i = 0; i < SLOTS; i++) {
      const s = this.slots[i];
      if (s.active && tMs - s.startMs < BLINK_MAIN_MS) return false;
    }
    return true;
  }

  /** Blink events that have ended since the last call. */
  drainEvents(): TruthEvent[] {
    if (this.events.length === 0) return EMPTY;
    const out = this.events;
    this.events = [];
    return out;
  }

  private drawIntervalMs(): number {
    const s = this.timing.exponential(this.expMeanMs / 1000);
    return Math.min(BLINK_INTERVAL_MAX_S, Math.max(BLINK_INTERVAL_MIN_S, s)) * 1000;
  }

  private startFirst(tMs: number, evoked: boolean): void {
    const partial = this.kind.chance(PARTIAL_SHARE) && this.opts.partialAllowedAt(tMs);
    const depth = partial ? this.kind.uniform(PARTIAL_DEPTH_MIN, PARTIAL_DEPTH_MAX) : 1;
    if (this.kind.chance(DOUBLE_SHARE)) this.pendingSecondMs = tMs + this.kind.uniform(DOUBLE_GAP_MIN_MS, DOUBLE_GAP_MAX_MS);
    this.nextNaturalMs = tMs + this.drawIntervalMs();
    this.start(tMs, depth, partial, false, evoked);
  }

  private start(tMs: number, depth: number, partial: boolean, doubleSecond: boolean, evoked: boolean): void {
    let slot = this.slots[0];
    for (let i = 0; i < SLOTS; i++) {
      if (!this.slots[i].active) {
        slot = this.slots[i];
        break;
      }
      if (this.slots[i].startMs < slot.startMs) slot = this.slots[i];
    }
    if (slot.active) this.emit(slot, tMs);
    else this.inFlight++;
    slot.active = true;
    slot.startMs = tMs;
    slot.depth = depth;
    slot.partial = partial;
    slot.doubleSecond = doubleSecond;
    slot.evoked = evoked;
  }

  private finish(tMs: number): void {
    for (let i = 0; i < SLOTS; i++) {
      const s = this.slots[i];
      if (s.active && tMs - s.startMs >= BLINK_TOTAL_MS) {
        this.emit(s, s.startMs + BLINK_TOTAL_MS);
        s.active = false;
        this.inFlight--;
      }
    }
  }

  private emit(s: ActiveBlink, endMs: number): void {
    this.events.push({ kind: 'blink', startMs: s.startMs, endMs, depth: s.depth, partial: s.partial, doubleSecond: s.doubleSecond, evoked: s.evoked });
  }
}
