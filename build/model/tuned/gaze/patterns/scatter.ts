import type { Random } from '../../../random/random.ts';
import type { IdlePattern, ScatterPattern } from '../../../eras/era-gaze.ts';
import type { FixationDurations } from '../fixation-duration.ts';
import { degBox, hopInBox, type DegBox, type Goal, type PatternGeometry, type PatternRunner } from './pattern.ts';

/**
 * Scatter and idle (eye.md §3): hops in random directions inside a box about the era's rest point; a
 * hop that would leave the box is reflected back into it at half its overshoot. Scatter's hops are
 * 0.75–1.25 × the table's amplitude (our choice: the table gives one number, a mean); idle's are small
 * (a face in a video just under the lens).
 *
 * Calm-cap note: with 1995's 7° (5.25–8.75°) about one hop in eight passes 8° and brings a corrective, so
 * 1995 runs ~1.3 saccades/s, correctives included, under the 1.6/s cap; a wider draw (say 0.5–1.5 ×)
 * would push it toward 1.5/s with half the hops corrected.
 */
export class ScatterRunner implements PatternRunner {
  private readonly box: DegBox;
  private readonly minDeg: number;
  private readonly maxDeg: number;
  private readonly draw: () => number;

  constructor(
    readonly kind: 'scatter' | 'idle',
    p: ScatterPattern | IdlePattern,
    private readonly geometry: PatternGeometry,
    rng: Random,
    private readonly fixations: FixationDurations,
  ) {
    this.box = degBox(geometry, geometry.rest, p.spreadUnits);
    if (p.kind === 'scatter') {
      this.minDeg = geometry.deg(0.75 * p.amplitudeDeg);
      this.maxDeg = geometry.deg(1.25 * p.amplitudeDeg);
    } else {
      this.minDeg = geometry.deg(p.hopMinDeg);
      this.maxDeg = geometry.deg(p.hopMaxDeg);
    }
    this.draw = () => rng.next();
  }

  start(goal: Goal): void {
    goal.x = this.geometry.yawDeg(this.geometry.rest.x);
    goal.y = this.geometry.pitchDeg(this.geometry.rest.y);
    goal.cause = `${this.kind}-start`;
    goal.undershoot = false;
  }

  next(fromX: number, fromY: number, goal: Goal): boolean {
    hopInBox(this.draw, fromX, fromY, this.minDeg, this.maxDeg, this.box, goal);
    goal.cause = this.kind;
    goal.undershoot = false;
    return true;
  }

  carryPitchDegPerS(): number {
    return 0;
  }

  fixationMs(): number {
    return this.fixations.drawMs();
  }
}
