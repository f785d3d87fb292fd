import type { Random } from '../../../random/random.ts';
import type { ReadPattern } from '../../../eras/era-gaze.ts';
import type { FixationDurations } from '../fixation-duration.ts';
import type { Goal, PatternGeometry, PatternRunner } from './pattern.ts';

/**
 * Reading (eye.md §3; Rayner 1998): forward steps of 1.6–3° along a line, 12 % of them regressions,
 * and at each line's end a return sweep to the next line's start. The sweep is large and always lands
 * short (line starts undershoot) and is corrected. After the last line the eye goes back to the first
 * line of a new block (1970's terminal) or turns the page (1991: the page moves only then).
 *
 * A regression drawn where there is no room (at a line's start) is owed to the next step that has
 * room, so the long-run share of regressions stays at the table's 12 %.
 *
 * The block hangs below the era's rest or is centred on it (`blockAt`). The eye starts at the start of
 * a line drawn at random (its own child stream, so the steps' draws are unchanged): the loader finds
 * the reader somewhere in the text. Always opening on the top line made every short film read the top
 * of the block (1970's 8-s film sat at +0.3° while the long run read at −1.8°).
 */
export class ReadRunner implements PatternRunner {
  readonly kind = 'read';
  private line = 0;
  private x = 0;
  private regressionsOwed = 0;
  private readonly startX: number;
  private readonly endX: number;
  private readonly stepMin: number;
  private readonly stepMax: number;

  constructor(
    private readonly p: ReadPattern,
    private readonly geometry: PatternGeometry,
    private readonly rng: Random,
    private readonly fixations: FixationDurations,
  ) {
    const rest = geometry.rest;
    this.startX = geometry.yawDeg(rest.x - p.lineWidthUnits / 2);
    this.endX = geometry.yawDeg(rest.x + p.lineWidthUnits / 2);
    this.stepMin = geometry.deg(p.stepMinDeg);
    this.stepMax = geometry.deg(p.stepMaxDeg);
  }

  private lineY(line: number): number {
    const rest = this.geometry.rest;
    const top = this.p.blockAt === 'first-line' ? 0 : ((this.p.lines - 1) / 2) * this.p.lineSpacingUnits;
    return this.geometry.pitchDeg(rest.y + top - line * this.p.lineSpacingUnits);
  }

  /** The first fixation of a line sits a little in from its start (Rayner: the preferred landing). */
  private lineStartX(): number {
    return this.startX + this.rng.uniform(0, 0.5) * this.stepMin;
  }

  start(goal: Goal): void {
    this.line = this.rng.spawn('start-line').int(0, this.p.lines - 1);
    this.x = this.lineStartX();
    goal.x = this.x;
    goal.y = this.lineY(this.line);
    goal.cause = 'read-start';
    goal.undershoot = false;
  }

  next(_fromX: number, _fromY: number, goal: Goal): boolean {
    goal.undershoot = false;
    if (this.endX - this.x < this.stepMin) {
      // Return sweep: to the next line's start, or a new block / page.
      const last = this.line === this.p.lines - 1;
      this.line = last ? 0 : this.line + 1;
      this.x = this.lineStartX();
      goal.x = this.x;
      goal.y = this.lineY(this.line);
      goal.cause = last ? (this.p.afterLastLine === 'page-turn' ? 'read-page-turn' : 'read-next-block') : 'read-return-sweep';
      goal.undershoot = true;
      return true;
    }
    const step = this.rng.uniform(this.stepMin, this.stepMax);
    if (this.rng.chance(this.p.regressionShare)) this.regressionsOwed++;
    if (this.regressionsOwed > 0 && this.x - this.startX >= this.stepMin) {
      this.regressionsOwed--;
      this.x = Math.max(this.startX, this.x - step);
      goal.cause = 'read-regression';
    } else {
      this.x = Math.min(this.endX, this.x + step);
      goal.cause = 'read-forward';
    }
    goal.x = this.x;
    goal.y = this.lineY(this.line);
    return true;
  }

  carryPitchDegPerS(): number {
    return 0;
  }

  fixationMs(): number {
    return this.fixations.drawMs();
  }
}
