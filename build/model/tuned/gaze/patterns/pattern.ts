import type { GazePatternKind, RigPoint } from '../../../eras/era-gaze.ts';
import { pitchDegFromRigY, DEG_PER_RIG_UNIT } from '../../../anatomy/gaze-pitch.ts';

/** Where a pattern sends the eye next, degrees (after pitch shaping), and why. */
export interface Goal {
  x: number;
  y: number;
  /** The ground-truth cause, e.g. `read-forward`. */
  cause: string;
  /** Land short and correct even under 8° (a reading return sweep undershoots the line start). */
  undershoot: boolean;
}

/**
 * One era's gaze script, played a fixation at a time. The gaze process asks for the next goal when a
 * fixation ends and for the fixation that follows each landing; patterns keep their own place (the
 * line being read, the target dwelt on) and compute in degrees through a `PatternGeometry`.
 */
export interface PatternRunner {
  readonly kind: GazePatternKind;
  /** The first place the eye goes when the pattern starts. */
  start(goal: Goal): void;
  /** At a fixation's end, from the pattern's current point (deg): the next goal, or false to stay put. */
  next(fromX: number, fromY: number, goal: Goal): boolean;
  /** The fixation after a landing, ms (Infinity: the pattern never moves on by itself). */
  fixationMs(): number;
  /**
   * Content motion carrying the fixated point (and the eye) up, deg/s, at `msIntoFixation` into the
   * fixation that followed the last landing (2009's scroll; 0 for the others).
   */
  carryPitchDegPerS(msIntoFixation: number): number;
}

/**
 * Rig units to eye degrees for one era: positions scale about the era's rest point by the gaze
 * amplitude factor (× 0.6 when calm), then the vertical passes through `gazePitchUnits`.
 */
export class PatternGeometry {
  constructor(
    readonly rest: RigPoint,
    /** Gaze amplitude factor: 1, or 0.6 when calm (eye.md §8). */
    readonly scale: number,
  ) {}

  yawDeg(rigX: number): number {
    return DEG_PER_RIG_UNIT * (this.rest.x + this.scale * (rigX - this.rest.x));
  }

  pitchDeg(rigY: number): number {
    return pitchDegFromRigY(this.rest.y + this.scale * (rigY - this.rest.y));
  }

  /** A size given in degrees (a step, an amplitude), scaled like the positions. */
  deg(sizeDeg: number): number {
    return sizeDeg * this.scale;
  }
}

/** A box in degrees. */
export interface DegBox {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The box of half-widths `half` (rig units) about `centre` (rig units), in degrees. */
export function degBox(geometry: PatternGeometry, centre: RigPoint, half: RigPoint): DegBox {
  return {
    minX: geometry.yawDeg(centre.x - half.x),
    maxX: geometry.yawDeg(centre.x + half.x),
    minY: geometry.pitchDeg(centre.y - half.y),
    maxY: geometry.pitchDeg(centre.y + half.y),
  };
}

/** Reflect a coordinate that left [lo, hi] back inside at half its overshoot (eye.md §3, scatter). */
export function reflectHalf(v: number, lo: number, hi: number): number {
  let r = v;
  if (r > hi) r = hi - 0.5 * (r - hi);
  else if (r < lo) r = lo + 0.5 * (lo - r);
  return r < lo ? lo : r > hi ? hi : r;
}

/**
 * A hop of amplitude in [minDeg, maxDeg] in a random direction from (fromX, fromY), reflected into the
 * box at half its overshoot. A reflection can fold a jump back on itself; a draw that ends up shorter
 * than half its amplitude or than `minDeg` is redrawn (up to 8 times) so the hop stays a hop, not a
 * twitch (and stays a saccade, ≥ 0.6°, for the counts).
 */
export function hopInBox(
  next: () => number,
  fromX: number,
  fromY: number,
  minDeg: number,
  maxDeg: number,
  box: DegBox,
  goal: Goal,
): void {
  for (let i = 0; i < 8; i++) {
    const a = minDeg + (maxDeg - minDeg) * next();
    const th = 2 * Math.PI * next();
    const x = reflectHalf(fromX + a * Math.cos(th), box.minX, box.maxX);
    const y = reflectHalf(fromY + a * Math.sin(th), box.minY, box.maxY);
    goal.x = x;
    goal.y = y;
    if (Math.hypot(x - fromX, y - fromY) >= Math.max(0.5 * a, minDeg)) return;
  }
}
