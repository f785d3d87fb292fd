import type { Random } from '../../../random/random.ts';
import type { TwoTargetPattern } from '../../../eras/era-gaze.ts';
import type { FixationDurations } from '../fixation-duration.ts';
import { degBox, hopInBox, type DegBox, type Goal, type PatternGeometry, type PatternRunner } from './pattern.ts';

/**
 * Two targets (eye.md §3): dwell on a, then b, and back. A dwell is made of whole fixations (a switch
 * only ever ends a fixation, so fixations keep their length): at each fixation's end the eye leaves with
 * probability fixMs / dwellMs, which gives a geometric number of fixations whose mean time is the
 * table's dwell. Fixations that stay make a small refixation hop inside the target's box.
 */
export class TwoTargetRunner implements PatternRunner {
  readonly kind = 'two-target';
  private onA = true;
  private readonly ax: number;
  private readonly ay: number;
  private readonly bx: number;
  private readonly by: number;
  private readonly aBox: DegBox;
  private readonly bBox: DegBox;
  private readonly leaveA: number;
  private readonly leaveB: number;
  private readonly hopMin: number;
  private readonly hopMax: number;
  private readonly draw: () => number;

  constructor(
    p: TwoTargetPattern,
    geometry: PatternGeometry,
    private readonly rng: Random,
    private readonly fixations: FixationDurations,
  ) {
    this.ax = geometry.yawDeg(p.a.x);
    this.ay = geometry.pitchDeg(p.a.y);
    this.bx = geometry.yawDeg(p.b.x);
    this.by = geometry.pitchDeg(p.b.y);
    this.aBox = degBox(geometry, p.a, p.hopBoxUnits);
    this.bBox = degBox(geometry, p.b, p.hopBoxUnits);
    const fix = fixations.clampedMeanMs;
    this.leaveA = Math.min(1, fix / p.aDwellMs);
    this.leaveB = Math.min(1, fix / p.bDwellMs);
    this.hopMin = geometry.deg(p.hopMinDeg);
    this.hopMax = geometry.deg(p.hopMaxDeg);
    this.draw = () => rng.next();
  }

  /** Which target the eye is dwelling on (for tests and the brow's "up at the lens"). */
  get onTargetA(): boolean {
    return this.onA;
  }

  start(goal: Goal): void {
    this.onA = true;
    goal.x = this.ax;
    goal.y = this.ay;
    goal.cause = 'two-target-a';
    goal.undershoot = false;
  }

  next(fromX: number, fromY: number, goal: Goal): boolean {
    goal.undershoot = false;
    if (this.rng.chance(this.onA ? this.leaveA : this.leaveB)) {
      this.onA = !this.onA;
      goal.x = this.onA ? this.ax : this.bx;
      goal.y = this.onA ? this.ay : this.by;
      goal.cause = this.onA ? 'two-target-a' : 'two-target-b';
      return true;
    }
    hopInBox(this.draw, fromX, fromY, this.hopMin, this.hopMax, this.onA ? this.aBox : this.bBox, goal);
    goal.cause = 'two-target-refixation';
    return true;
  }

  carryPitchDegPerS(): number {
    return 0;
  }

  fixationMs(): number {
    return this.fixations.drawMs();
  }
}
