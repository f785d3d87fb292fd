import type { Player } from '../model/player.ts';
import { cutClosureAt } from '../model/stage/stage.ts';
import type { EyeSample } from '../model/types.ts';
import { frameMotion, type MotionReason } from './frame-motion.ts';
import { IdleThrottle } from './idle-throttle.ts';

/** After a hidden tab or a stall, catch up at most this much scene time in one display frame. */
const MAX_CATCH_UP_FRAMES = 15;

/** One display frame the loop moved to: the model's sample there, and whether to paint it. */
export interface LiveFrame {
  frame: number;
  sample: EyeSample;
  draw: boolean;
  /** Why the eye counts as moving over this frame (null: it held still). */
  motion: MotionReason | null;
}

/**
 * The live page's clock, without the DOM: wall time in (requestAnimationFrame's timestamp), display
 * frames out at `fps` (frame / fps, like the film clock). Every display frame steps the model (at 240 Hz
 * underneath, every step recorded), whether or not it is drawn; the idle throttle only decides the
 * painting. So the trace is the same with the throttle on or off, and whatever the display's timing.
 */
export class LiveLoop {
  private frameNow = 0;
  private originMs: number | null = null;
  private lastPointerFrame = 0;
  private prev: EyeSample;
  private readonly throttle: IdleThrottle | null;
  /** Display frames stepped to and frames painted (frame 0 included in both). */
  ticked = 1;
  drawn = 1;

  constructor(
    private readonly player: Player,
    readonly fps: number,
    options: { idleThrottle: boolean },
  ) {
    this.prev = player.goToFrame(0);
    this.throttle = options.idleThrottle ? new IdleThrottle(fps) : null;
  }

  /** The display frame the loop is at. */
  get frame(): number {
    return this.frameNow;
  }

  /** The model's time now, ms: the eye's clock (the latest sample, drawn or not). */
  get sampleMs(): number {
    return this.prev.tMs;
  }

  /** The first sample, drawn before the first tick. */
  get first(): EyeSample {
    return this.prev;
  }

  /** The pointer did something now (a move, a press, leaving): it is not idle. */
  pointerActivity(): void {
    this.lastPointerFrame = this.frameNow;
  }

  /** Advance to the display frame that wall time `nowMs` falls in; null when that frame is already shown. */
  tick(nowMs: number): LiveFrame | null {
    if (this.originMs === null) this.originMs = nowMs;
    let target = Math.floor(((nowMs - this.originMs) * this.fps) / 1000);
    if (target - this.frameNow > MAX_CATCH_UP_FRAMES) {
      // A hidden tab or a long stall: resume from here instead of racing through the missed time.
      this.originMs += ((target - this.frameNow - MAX_CATCH_UP_FRAMES) * 1000) / this.fps;
      target = this.frameNow + MAX_CATCH_UP_FRAMES;
    }
    if (target <= this.frameNow) return null;
    this.frameNow = target;
    const sample = this.player.goToFrame(target);
    const scene = this.player.scene;
    const cut = cutClosureAt(scene, sample.tMs) > 0 || this.prev.era !== sample.era;
    const motion = frameMotion(this.prev, sample, cut);
    const pointerIdleMs = ((target - this.lastPointerFrame) * 1000) / this.fps;
    const draw = this.throttle ? this.throttle.shouldDraw(target, pointerIdleMs, motion !== null) : true;
    this.prev = sample;
    this.ticked++;
    if (draw) this.drawn++;
    return { frame: target, sample, draw, motion };
  }
}
