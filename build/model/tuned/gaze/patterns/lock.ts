import type { Goal, PatternGeometry, PatternRunner } from './pattern.ts';

/** A locked stare (eye.md §3, 2000): one fixation on the search box; drift and microsaccades only. */
export class LockRunner implements PatternRunner {
  readonly kind = 'lock';

  constructor(private readonly geometry: PatternGeometry) {}

  start(goal: Goal): void {
    goal.x = this.geometry.yawDeg(this.geometry.rest.x);
    goal.y = this.geometry.pitchDeg(this.geometry.rest.y);
    goal.cause = 'lock';
    goal.undershoot = false;
  }

  next(): boolean {
    return false;
  }

  carryPitchDegPerS(): number {
    return 0;
  }

  fixationMs(): number {
    return Infinity;
  }
}
