import { FACE, POINTER_IDLE_MS } from '../../../spec/eye-spec.ts';
import type { PointerSample } from '../../pointer/pointer-track.ts';

/** What the face can sense of the visitor (eye.md §7), one event at a time. */
export type SenseKind = 'arrive' | 'return' | 'leave' | 'dart' | 'poke' | 'press';

export interface SenseEvent {
  sense: SenseKind;
  atMs: number;
  /** Where the pointer was, R about the eye's centre. */
  xR: number;
  yR: number;
}

/**
 * A press this close to the eye's middle is a poke, R (our choice; eye.md is silent): the eye's
 * opening reaches ~1.5 R either side of the iris centre, so a press inside it lands on the eye.
 */
export const POKE_WITHIN_R = 1.5;

/**
 * Is a pointer at (x, y) R moving at (vx, vy) R/s a dart (eye.md §7)? Closing faster than 7 R/s, inside
 * 2 R, its course (the straight line it is on, ahead of it) passing within 0.6 R of the eye's middle.
 */
export function isDart(xR: number, yR: number, vxRPerS: number, vyRPerS: number): boolean {
  const d = Math.hypot(xR, yR);
  if (d >= FACE.dartWithinR || d === 0) return false;
  const closing = -(xR * vxRPerS + yR * vyRPerS) / d;
  if (!(closing > FACE.dartClosingRPerS)) return false;
  const speed = Math.hypot(vxRPerS, vyRPerS);
  // The course's nearest approach to the middle: the perpendicular distance from the eye to the line.
  const missR = Math.abs(xR * vyRPerS - yR * vxRPerS) / speed;
  return missR < FACE.dartCourseWithinR;
}

/**
 * The senses: a pure reading of the pointer's track, one 240 Hz sample at a time, as events.
 *
 * - `arrive`: the pointer first appears, or moves further than 0.08 R from where it rested once it had
 *   been idle (POINTER_IDLE_MS). A press reports activity in place, so it never arrives.
 * - `leave` / `return`: the pointer leaves the window (the visitor leaving) and comes back.
 * - `dart`: isDart above, once per approach (re-armed when the pointer stops being one).
 * - `press`: the track's press count went up (a press is activity in place, so it moves nothing and
 *   never arrives); a `poke` when it is within POKE_WITHIN_R of the eye.
 * - `reachable`: the eye can be reached (the pointer is in the window); `idleMs` is how long the
 *   visitor has done nothing, for boredom.
 */
export class Senses {
  reachable = false;
  idleMs = Infinity;
  private seen = false;
  private engaged = false;
  private anchorX = 0;
  private anchorY = 0;
  private darting = false;
  private presses = 0;

  /** One step: the pointer now; sense events are appended to `out`. */
  step(tMs: number, p: PointerSample, out: SenseEvent[]): void {
    const emit = (sense: SenseKind) => out.push({ sense, atMs: tMs, xR: p.xR, yR: p.yR });
    const wasHere = this.reachable;
    this.reachable = p.present;
    this.idleMs = p.idleMs;
    if (!p.present) {
      if (wasHere) emit('leave');
      this.engaged = false;
      this.darting = false;
      this.presses = p.presses;
      return;
    }
    const gliding = p.vxRPerS !== 0 || p.vyRPerS !== 0;
    if (!wasHere) {
      emit(this.seen ? 'return' : 'arrive');
      this.seen = true;
      this.engaged = true;
      this.anchorX = p.xR;
      this.anchorY = p.yR;
    } else {
      if (this.engaged && !gliding && p.idleMs >= POINTER_IDLE_MS) {
        // Quiet long enough: the next move that goes somewhere is an arrival.
        this.engaged = false;
        this.anchorX = p.xR;
        this.anchorY = p.yR;
      }
      if (!this.engaged && Math.hypot(p.xR - this.anchorX, p.yR - this.anchorY) > FACE.arrivalMinR) {
        this.engaged = true;
        emit('arrive');
      }
    }
    if (p.presses > this.presses) emit(Math.hypot(p.xR, p.yR) < POKE_WITHIN_R ? 'poke' : 'press');
    this.presses = p.presses;
    const dart = gliding && isDart(p.xR, p.yR, p.vxRPerS, p.vyRPerS);
    if (dart && !this.darting) emit('dart');
    this.darting = dart;
  }
}
