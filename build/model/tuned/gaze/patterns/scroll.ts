import type { Random } from '../../../random/random.ts';
import type { ScrollPattern } from '../../../eras/era-gaze.ts';
import type { FixationDurations } from '../fixation-duration.ts';
import type { Goal, PatternGeometry, PatternRunner } from './pattern.ts';

/**
 * Scrolling a phone (eye.md §3, 2009): the eye reads a line, then the thumb flicks and the content
 * carries the fixated text, and the eye with it, up at the scroll speed; at the fixation's end a
 * saccade takes the eye back down to the reading line (about the rest point) at a new place in the
 * phone's column. A return that would be tiny moves sideways instead, so it is still a saccade (≥ 1°).
 *
 * The content moves only in the last 40 % of each fixation (our choice). Besides reading as
 * read-then-flick, this keeps the scroll a minority of the samples: Engbert & Kliegl's σ estimate,
 * √(median(v²) − median(v)²), collapses when the vertical velocity rarely changes sign, and a scroll
 * running through every sample (a steady 1.6°/s) drove the detector's threshold down until drift
 * noise read as ~3 microsaccades a second.
 */
export const SCROLL_STILL_SHARE = 0.6;

export class ScrollRunner implements PatternRunner {
  readonly kind = 'scroll';
  private readonly scrollDegPerS: number;
  private stillMs = 0;
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
    this.scrollDegPerS = geometry.deg(p.scrollDegPerS);
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

  carryPitchDegPerS(msIntoFixation: number): number {
    return msIntoFixation >= this.stillMs ? this.scrollDegPerS : 0;
  }

  fixationMs(): number {
    const ms = this.fixations.drawMs();
    this.stillMs = SCROLL_STILL_SHARE * ms;
    return ms;
  }
}
