import type { Random } from '../../../random/random.ts';
import type { ScrollPattern } from '../../../eras/era-gaze.ts';
import type { FixationDurations } from '../fixation-duration.ts';
import type { Goal, PatternGeometry, PatternRunner } from './pattern.ts';

/**
 * Scrolling a phone (eye.md §3, 2009): during each fixation the content carries the fixated text, and
 * the eye with it, up at the scroll speed; at the fixation's end a saccade takes the eye back down to
 * the reading line (about the rest point) at a new place in the phone's column. A return that would be
 * tiny (a short fixation barely carried) moves sideways instead, so it is still a saccade (≥ 1°).
 */
export class ScrollRunner implements PatternRunner {
  readonly kind = 'scroll';
  readonly carryYawDegPerS = 0;
  readonly carryPitchDegPerS: number;
  private readonly restX: number;
  private readonly restY: number;
  private readonly halfWidth: number;
  private readonly minReturn: number;

  constructor(
    p: ScrollPattern,
    geometry: PatternGeometry,
    private readonly rng: Random,
    private readonly fixations: FixationDurations,
  ) {
    this.carryPitchDegPerS = geometry.deg(p.scrollDegPerS);
    this.restX = geometry.yawDeg(geometry.rest.x);
    this.restY = geometry.pitchDeg(geometry.rest.y);
    this.halfWidth = geometry.deg(10 * p.columnHalfWidthUnits);
    this.minReturn = geometry.deg(1);
  }

  start(goal: Goal): void {
    goal.x = this.restX;
    goal.y = this.restY;
    goal.cause = 'scroll-start';
    goal.undershoot = false;
  }

  next(fromX: number, fromY: number, goal: Goal): boolean {
    goal.y = this.restY - this.rng.uniform(0, 0.25) * this.halfWidth;
    for (let i = 0; i < 8; i++) {
      goal.x = this.restX + this.rng.uniform(-1, 1) * this.halfWidth;
      if (Math.hypot(goal.x - fromX, goal.y - fromY) >= this.minReturn) break;
    }
    goal.cause = 'scroll-back';
    goal.undershoot = false;
    return true;
  }

  fixationMs(): number {
    return this.fixations.drawMs();
  }
}
