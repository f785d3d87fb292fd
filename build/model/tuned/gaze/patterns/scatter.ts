import type { Random } from '../../../random/random.ts';
import type { IdlePattern, ScatterPattern } from '../../../eras/era-gaze.ts';
import type { FixationDurations } from '../fixation-duration.ts';
import { UNDERSHOOT_GAIN_MAX, UNDERSHOOT_GAIN_MIN } from '../main-sequence.ts';
import { degBox, hopInBox, type DegBox, type Goal, type PatternGeometry, type PatternRunner } from './pattern.ts';

/**
 * Scatter and idle (eye.md §3): hops in random directions inside a box about the era's rest point; a
 * hop that would leave the box is reflected back into it at half its overshoot. Scatter's hops are
 * 0.75–1.25 × the table's amplitude (our choice: the table gives one number, a mean); idle's are small
 * (a face in a video just under the lens).
 *
 * Calm-cap note: with 1995's 7° (5.25–8.75°) about one hop in eight passes 8° and brings a corrective, so
 * 1995 ran ~1.2 saccades/s, correctives included, under the 1.6/s cap; a wider draw (say 0.5–1.5 ×)
 * would push it toward 1.5/s with half the hops corrected.
 *
 * Cross-page jumps (`cross`, 1995; eye.md §3): that share of the jumps is 12–20° long as made (the
 * primary saccade, which lands at 90–94 % of its goal), in a direction whose goal stays inside the box
 * (so it never needs reflecting). 1995's box is 14° × 15°, so a jump that
 * long fits only from off its middle: from near the middle the jump is owed to the next fixation that
 * can make one, so the long-run share stays the table's, and its size is drawn up to the farthest
 * point of the box (sizes lean toward 12–16°; 18–20° needs a corner). Each is corrected (> 8°), which
 * adds one saccade per cross jump (~1.35/s in all, still under the 1.6/s cap), and its landing
 * brings a gaze-evoked blink with p = smoothstep(12°, 35°, A) · 0.7. The cross draws come from their
 * own child stream, so 1981 (no cross jumps) draws exactly as before.
 */
/** Directions a cross jump tries, evenly spaced from a random start. */
const CROSS_DIRECTIONS = 72;

export class ScatterRunner implements PatternRunner {
  private readonly box: DegBox;
  private readonly minDeg: number;
  private readonly maxDeg: number;
  private readonly draw: () => number;
  private readonly cross: { share: number; minDeg: number; maxDeg: number; rng: Random } | null;
  private crossOwed = 0;

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
      this.cross = p.cross
        ? {
            share: p.cross.share,
            // The table's 12–20° is the jump the eye makes (and a detector sees): a goal this far lands at
            // 90–94 % of it (eye.md §1), so the goal is drawn that much further.
            minDeg: geometry.deg(p.cross.minDeg / UNDERSHOOT_GAIN_MIN),
            maxDeg: geometry.deg(p.cross.maxDeg / UNDERSHOOT_GAIN_MAX),
            rng: rng.spawn('cross'),
          }
        : null;
    } else {
      this.cross = null;
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
    const c = this.cross;
    if (c) {
      if (c.rng.chance(c.share)) this.crossOwed++;
      if (this.crossOwed > 0 && this.crossJump(c, fromX, fromY, goal)) {
        this.crossOwed--;
        goal.cause = `${this.kind}-cross`;
        goal.undershoot = false;
        return true;
      }
    }
    hopInBox(this.draw, fromX, fromY, this.minDeg, this.maxDeg, this.box, goal);
    goal.cause = this.kind;
    goal.undershoot = false;
    return true;
  }

  /**
   * A cross jump into `goal`, false if none fits from here. Its size is uniform between `minDeg` and the
   * smaller of `maxDeg` and the farthest point of the box (a 20° jump exists only from a corner); its
   * direction is drawn among those that land inside the box. The segment to the farthest corner always
   * lies in the (convex) box, so that direction is the fallback.
   */
  private crossJump(c: { minDeg: number; maxDeg: number; rng: Random }, fromX: number, fromY: number, goal: Goal): boolean {
    const b = this.box;
    const cornerX = fromX - b.minX > b.maxX - fromX ? b.minX : b.maxX;
    const cornerY = fromY - b.minY > b.maxY - fromY ? b.minY : b.maxY;
    const far = Math.hypot(cornerX - fromX, cornerY - fromY);
    if (far < c.minDeg) return false;
    const a = c.rng.uniform(c.minDeg, Math.min(c.maxDeg, far));
    const th0 = c.rng.uniform(0, 2 * Math.PI);
    const pick = c.rng.next();
    let fits = 0;
    for (let pass = 0; pass < 2; pass++) {
      // First pass counts the directions that fit; the second takes the drawn one of them.
      const want = Math.floor(pick * fits);
      let k = 0;
      for (let i = 0; i < CROSS_DIRECTIONS; i++) {
        const th = th0 + (2 * Math.PI * i) / CROSS_DIRECTIONS;
        const x = fromX + a * Math.cos(th);
        const y = fromY + a * Math.sin(th);
        if (x < b.minX || x > b.maxX || y < b.minY || y > b.maxY) continue;
        if (pass === 1 && k === want) {
          goal.x = x;
          goal.y = y;
          return true;
        }
        k++;
      }
      fits = k;
      if (fits === 0) break;
    }
    goal.x = fromX + (a * (cornerX - fromX)) / far;
    goal.y = fromY + (a * (cornerY - fromY)) / far;
    return true;
  }

  carryPitchDegPerS(): number {
    return 0;
  }

  fixationMs(): number {
    return this.fixations.drawMs();
  }
}
