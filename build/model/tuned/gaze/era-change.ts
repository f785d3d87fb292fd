import type { EraId } from '../../../scene/scene.ts';

/** On an era change, finish the current movement, but hold at most this much longer (eye.md §2). */
export const ERA_CHANGE_HOLD_MS = 120;

/**
 * When the gaze takes up the stage's new era: at once when it is between movements, or when the
 * movement in flight (or its owed corrective) is done, but never later than ERA_CHANGE_HOLD_MS after
 * the stage changed.
 */
export class EraChange {
  private pendingSinceMs = NaN;

  /** Should the gaze switch from `current` to `stage` now (`busy`: a movement is not finished)? */
  switchNow(tMs: number, stage: EraId, current: EraId, busy: boolean): boolean {
    if (stage === current) {
      this.pendingSinceMs = NaN;
      return false;
    }
    if (Number.isNaN(this.pendingSinceMs)) this.pendingSinceMs = tMs;
    if (busy && tMs - this.pendingSinceMs < ERA_CHANGE_HOLD_MS) return false;
    this.pendingSinceMs = NaN;
    return true;
  }
}
