import { IDLE_DRAW_EVERY_FRAMES, IDLE_STILL_MS, POINTER_IDLE_MS } from '../spec/eye-spec.ts';

/**
 * The live page's idle cost (eye.md §8) as a pure decision per display frame: is this frame drawn?
 * Drawn unless the pointer has been idle longer than POINTER_IDLE_MS and nothing moved for
 * IDLE_STILL_MS; then one display frame in IDLE_DRAW_EVERY_FRAMES is drawn. Motion draws at once.
 *
 * It only decides what is painted: the caller steps the model to every display frame whether or not it
 * is drawn, so a drawn frame shows the eye at its own time (the skipped time is carried, the eye's clock
 * never slows) and the trace is the same either way.
 */
export class IdleThrottle {
  private lastMotionMs = -Infinity;
  private lastDrawnFrame = -Infinity;

  /** `fps`: the display frame clock the frame numbers count (time is frame / fps). */
  constructor(private readonly fps: number) {}

  /**
   * Decide display frame `frame` (increasing; frames may be skipped by a slow display), given how long
   * the pointer has done nothing and whether the eye moved since the last display frame.
   */
  shouldDraw(frame: number, pointerIdleMs: number, moving: boolean): boolean {
    const nowMs = (frame * 1000) / this.fps;
    if (moving) this.lastMotionMs = nowMs;
    const idle = pointerIdleMs > POINTER_IDLE_MS && nowMs - this.lastMotionMs >= IDLE_STILL_MS;
    const draw = !idle || frame - this.lastDrawnFrame >= IDLE_DRAW_EVERY_FRAMES;
    if (draw) this.lastDrawnFrame = frame;
    return draw;
  }
}
