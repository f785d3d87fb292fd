import { CALM } from '../../spec/eye-spec.ts';
import type { TruthEvent } from '../types.ts';
import type { EraId, Scene } from '../../scene/scene.ts';

/**
 * The stage: which era plays when, and the cuts between eras. A pure function of scene time.
 * A cut is the stage closing the lid over the change of era (a whole closure the stage asks for);
 * under reduced motion it is a plain cut with no lid motion.
 */

/** A cut's lid closure: 90 ms closing, 120 ms shut, 150 ms opening (× 1.25 when calm). */
const CUT_CLOSE_MS = 90;
const CUT_HOLD_MS = 120;
const CUT_OPEN_MS = 150;

export function cutDurationMs(scene: Scene): number {
  return (CUT_CLOSE_MS + CUT_HOLD_MS + CUT_OPEN_MS) * (scene.calm ? CALM.cutDurationScale : 1);
}

/** Cut start times in ms (every tour cut after the first, where the era really changes). */
export function cutTimesMs(scene: Scene): number[] {
  const out: number[] = [];
  for (let i = 1; i < scene.tour.length; i++) {
    if (scene.tour[i].era !== scene.tour[i - 1].era) out.push(scene.tour[i].atS * 1000);
  }
  return out;
}

/**
 * The era the stage shows at a time. The era switches at the middle of the cut, while the lid is
 * shut, so the new era's face is never seen arriving.
 */
export function eraAt(scene: Scene, tMs: number): EraId {
  let era = scene.era;
  const half = scene.reducedMotion ? 0 : (CUT_CLOSE_MS + CUT_HOLD_MS / 2) * (scene.calm ? CALM.cutDurationScale : 1);
  for (const cut of scene.tour) if (tMs >= cut.atS * 1000 + (cut.atS > 0 ? half : 0)) era = cut.era;
  return era;
}

/**
 * The one owner of "which era": the stage's era as a clock walks forward (eraAt, cached between the
 * tour's switch times). Every model reads it once a step and carries it on its sample.
 */
export class EraClock {
  private readonly fixed: EraId | null;
  constructor(private readonly scene: Scene) {
    this.fixed = scene.tour.length === 0 ? scene.era : null;
  }
  at(tMs: number): EraId {
    return this.fixed ?? eraAt(this.scene, tMs);
  }
}

/** The lid closure the stage asks for at a time, 0 (open) .. 1 (shut). 0 under reduced motion. */
export function cutClosureAt(scene: Scene, tMs: number): number {
  if (scene.reducedMotion) return 0;
  const k = scene.calm ? CALM.cutDurationScale : 1;
  let closure = 0;
  for (const start of cutTimesMs(scene)) {
    const t = tMs - start;
    if (t < 0) continue;
    let c = 0;
    if (t < CUT_CLOSE_MS * k) c = smooth(t / (CUT_CLOSE_MS * k));
    else if (t < (CUT_CLOSE_MS + CUT_HOLD_MS) * k) c = 1;
    else if (t < (CUT_CLOSE_MS + CUT_HOLD_MS + CUT_OPEN_MS) * k) c = 1 - smooth((t - (CUT_CLOSE_MS + CUT_HOLD_MS) * k) / (CUT_OPEN_MS * k));
    closure = Math.max(closure, c);
  }
  return closure;
}

/** Ms since the most recent cut started (Infinity if none yet). Partial blinks wait 600 ms after a cut ends. */
export function msSinceCutStart(scene: Scene, tMs: number): number {
  let since = Infinity;
  for (const start of cutTimesMs(scene)) if (tMs >= start) since = tMs - start;
  return since;
}

function smooth(x: number): number {
  return x * x * (3 - 2 * x);
}

/** A cut as an eye meets it: the lid starts to close, has reopened, and the era it cut to. */
export interface Cut {
  startMs: number;
  endMs: number;
  era: EraId;
}

/**
 * Walks the stage's cuts as an eye's clock passes them: each cut's ground-truth event is reported
 * once, when it starts, and `inCut` says whether a cut is still moving the lids.
 */
export class CutClock {
  readonly cuts: Cut[];
  private next = 0;

  constructor(scene: Scene) {
    const cutMs = cutDurationMs(scene);
    // The era a cut goes to is the one showing just after it has ended.
    this.cuts = cutTimesMs(scene).map((startMs) => ({ startMs, endMs: startMs + cutMs, era: eraAt(scene, startMs + cutMs) }));
  }

  /** Push the events of the cuts that have started by `tMs`. */
  advance(tMs: number, out: TruthEvent[]): void {
    while (this.next < this.cuts.length && tMs >= this.cuts[this.next].startMs) {
      const c = this.cuts[this.next++];
      out.push({ kind: 'cut', startMs: c.startMs, endMs: c.endMs, era: c.era });
    }
  }

  /** Is a cut (one of the last two begun, in case they overlap) still closing or opening the lids? */
  inCut(tMs: number): boolean {
    const n = this.next;
    return (n > 0 && tMs < this.cuts[n - 1].endMs) || (n > 1 && tMs < this.cuts[n - 2].endMs);
  }
}
