import type { Random } from '../../../random/random.ts';
import type { ContactPattern } from '../../../eras/era-gaze.ts';
import type { FixationDurations } from '../fixation-duration.ts';
import type { Goal, PatternGeometry, PatternRunner } from './pattern.ts';

/**
 * Eye contact (eye.md §2, EYE_CONTACT_AT_REST; 2026's script): the eye rests on the visitor, switching
 * now and then between the visitor's two eyes (Hessels 2019: faces are scanned eye to eye) with long
 * fixations. Our choice of the switch size keeps the gaze within the ~4° that reads as contact.
 */
export class ContactRunner implements PatternRunner {
  readonly kind = 'contact';
  private side = 1;
  private readonly restX: number;
  private readonly restY: number;
  private readonly offset: number;

  constructor(
    p: ContactPattern,
    geometry: PatternGeometry,
    private readonly rng: Random,
    private readonly fixations: FixationDurations,
  ) {
    this.restX = geometry.yawDeg(geometry.rest.x);
    this.restY = geometry.pitchDeg(geometry.rest.y);
    this.offset = geometry.deg(p.eyeOffsetDeg);
  }

  start(goal: Goal): void {
    this.side = this.rng.chance(0.5) ? 1 : -1;
    goal.x = this.restX + this.side * this.offset;
    goal.y = this.restY;
    goal.cause = 'contact';
    goal.undershoot = false;
  }

  next(_fromX: number, _fromY: number, goal: Goal): boolean {
    this.side = -this.side;
    goal.x = this.restX + this.side * this.offset;
    goal.y = this.restY;
    goal.cause = 'contact';
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
