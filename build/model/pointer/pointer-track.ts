import type { PointerKey, Scene } from '../../scene/scene.ts';

/**
 * A scene's pointer track as a function of time (eye.md §2, scene.ts PointerKey). Between two keys the
 * pointer glides in a straight line (a `press` is a key like a move: in place when its position equals
 * the last one); `leave` takes it out of the window until the next key, where it reappears without
 * gliding. Before the first key there is no pointer. Positions are in units of the iris radius R about
 * the eye centre, +x right, +y up.
 *
 * Queries are expected to run forward in time (the model steps forward): each is O(1) amortised and
 * allocates nothing. A query earlier than the last one rewinds from the start.
 */
export interface PointerSample {
  /** The pointer is in the window. */
  present: boolean;
  xR: number;
  yR: number;
  /** Glide velocity, R/s (0 when resting; a same-time jump has no finite velocity and reports 0). */
  vxRPerS: number;
  vyRPerS: number;
  /** Ms since the pointer last did anything (moved, pressed, arrived, left); 0 while gliding. Infinity before the first key. */
  idleMs: number;
  /** Presses reached so far (a press is a move in place: the senses need to tell it from one). */
  presses: number;
}

export function emptyPointerSample(): PointerSample {
  return { present: false, xR: 0, yR: 0, vxRPerS: 0, vyRPerS: 0, idleMs: Infinity, presses: 0 };
}

/** A scene's own pointer keys as a track (null when it has none: nothing to follow). */
export function scenePointer(scene: Scene): PointerTrack | null {
  return scene.pointer.length > 0 ? new PointerTrack(scene.pointer) : null;
}

/** A forgetting track drops its passed keys once this many have piled up (a few kB). */
const FORGET_AFTER_KEYS = 256;

/**
 * The pointer as an input channel: its keys so far, and more appended as they happen (the live
 * page); the model only reads it. Keys must come in time order.
 */
export class PointerTrack {
  private readonly keys: PointerKey[];
  /** Index of the last key at or before the last query's time (−1: none yet). */
  private cursor = -1;
  private lastQueryMs = -Infinity;
  /** When the pointer last did something, ms. */
  private lastActivityMs = -Infinity;
  private presses = 0;
  /** Keys the track no longer needs were dropped (a live channel's): it cannot be read back in time. */
  private forgot = false;

  /**
   * @param forgetPassed drop the keys a forward reader has passed as new ones come (the live page's
   *   channel: a visitor's pointer makes keys for as long as the tab is open). Such a track can only be
   *   read forward in time.
   */
  constructor(
    keys: readonly PointerKey[],
    private readonly forgetPassed = false,
  ) {
    this.keys = [...keys];
  }

  /** The newest key (undefined: none). */
  get last(): PointerKey | undefined {
    return this.keys[this.keys.length - 1];
  }

  /**
   * Append a key (the live page's events). It may not be earlier than the newest; one of the same kind
   * at the same instant replaces it (the newest position wins, and the track stays short).
   */
  push(key: PointerKey): void {
    const last = this.last;
    if (last && key.tS < last.tS) throw new RangeError(`pointer key at ${key.tS} s is before the newest at ${last.tS} s`);
    if (last && last.tS === key.tS && last.kind === key.kind && this.cursor < this.keys.length - 1) this.keys.pop();
    this.keys.push(key);
    // What a forward read still needs: the key it is at and the one before (noteArrival compares with it).
    if (this.forgetPassed && this.cursor > FORGET_AFTER_KEYS) {
      this.keys.splice(0, this.cursor - 1);
      this.cursor = 1;
      this.forgot = true;
    }
  }

  get isEmpty(): boolean {
    return this.keys.length === 0;
  }

  /** Write the pointer's state at `tMs` into `out`. */
  sampleAt(tMs: number, out: PointerSample): PointerSample {
    if (tMs < this.lastQueryMs) {
      if (this.forgot) throw new RangeError(`pointer track: read at ${tMs} ms after ${this.lastQueryMs} ms, but its passed keys are forgotten`);
      this.cursor = -1;
      this.lastActivityMs = -Infinity;
      this.presses = 0;
    }
    this.lastQueryMs = tMs;
    const keys = this.keys;
    while (this.cursor + 1 < keys.length && keys[this.cursor + 1].tS * 1000 <= tMs) {
      this.cursor++;
      this.noteArrival(this.cursor);
    }
    out.vxRPerS = 0;
    out.vyRPerS = 0;
    out.presses = this.presses;
    const k = this.cursor;
    if (k < 0 || keys[k].kind === 'leave') {
      out.present = false;
      out.idleMs = k < 0 ? Infinity : tMs - this.lastActivityMs;
      return out;
    }
    out.present = true;
    const from = keys[k];
    const to = k + 1 < keys.length ? keys[k + 1] : undefined;
    if (to !== undefined && to.kind !== 'leave' && (to.xR !== from.xR || to.yR !== from.yR)) {
      // Gliding toward the next key (it is strictly later, or the loop above would have passed it).
      const spanS = to.tS - from.tS;
      const f = (tMs / 1000 - from.tS) / spanS;
      out.xR = from.xR + (to.xR - from.xR) * f;
      out.yR = from.yR + (to.yR - from.yR) * f;
      out.vxRPerS = (to.xR - from.xR) / spanS;
      out.vyRPerS = (to.yR - from.yR) / spanS;
      out.idleMs = 0;
      return out;
    }
    out.xR = from.xR;
    out.yR = from.yR;
    out.idleMs = tMs - this.lastActivityMs;
    return out;
  }

  /** Key `i` has been reached: does it count as activity? */
  private noteArrival(i: number): void {
    const key = this.keys[i];
    const prev = i > 0 ? this.keys[i - 1] : undefined;
    if (key.kind === 'press') this.presses++;
    const moved = prev === undefined || prev.kind === 'leave' || prev.xR !== key.xR || prev.yR !== key.yR;
    // A glide ends at its key; a press reports a move in place; arriving and leaving are activity too.
    if (key.kind !== 'move' || moved) this.lastActivityMs = key.tS * 1000;
  }
}
