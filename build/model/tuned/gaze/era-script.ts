import type { Random } from '../../random/random.ts';
import type { EraId, Scene } from '../../../scene/scene.ts';
import { CONTACT, ERA_GAZE, type EraGaze } from '../../eras/era-gaze.ts';
import { eraConvergenceDeg } from './convergence.ts';
import { EraChange } from './era-change.ts';
import { effectiveMicroRatePerS } from './microsaccades.ts';
import { createPattern } from './patterns/create-pattern.ts';
import { PatternGeometry, type Goal, type PatternRunner } from './patterns/pattern.ts';

/**
 * The era playing and its script (eye.md §2–3): which era's pattern runs, where it wants the eye, when
 * the current fixation ends, and the vergence it asks for. The tuned gaze (tuned-gaze.ts) moves the
 * eye; this is what it moves toward. Rest mode plays eye contact at (0, 0).
 */
export class EraScript {
  era: EraId;
  cfg: EraGaze;
  private readonly eraChange = new EraChange();
  pattern!: PatternRunner;
  private patternStarts = 0;
  /** The pattern's current point, deg (where the script wants the eye; carried by scroll). */
  patX = 0;
  patY = 0;
  /** The pattern's first goal has not been looked at yet (a new era). */
  startPending = false;
  fixEndMs = 0;
  /** When the current fixation's timing began (its movement's last landing), ms. */
  fixStartMs = 0;
  /** Vergence the eye is heading for: the device's distance in a script, the visitor's at rest. */
  convergenceTarget = 0;

  constructor(
    private readonly scene: Scene,
    private readonly gazeScale: number,
    private readonly rngPatterns: Random,
  ) {
    this.era = scene.era;
    this.cfg = ERA_GAZE[this.era];
  }

  microRate(): number {
    return effectiveMicroRatePerS(this.cfg.microRatePerS, this.scene.overrides.microRatePerS);
  }

  private targetConvergence(): number {
    return this.scene.mode === 'script' ? eraConvergenceDeg(this.era) : 0;
  }

  /** Build the playing era's pattern and take its first goal into `goal`. */
  startPattern(goal: Goal): void {
    const script = this.scene.mode === 'script';
    const geometry = new PatternGeometry(script ? this.cfg.rest : { x: 0, y: 0 }, this.gazeScale);
    const rng = this.rngPatterns.spawn(`${this.patternStarts++}:${this.era}`);
    this.pattern = createPattern(script ? this.cfg.pattern : CONTACT, geometry, rng, this.scene.overrides.fixMs);
    this.convergenceTarget = this.targetConvergence();
    this.pattern.start(goal);
    this.patX = goal.x;
    this.patY = goal.y;
    this.startPending = true;
    this.fixEndMs = 0;
  }

  /** Take up the stage's era once the movement in flight is done (era-change.ts); true if it changed (its pattern not yet started). */
  switchEra(t: number, stageEra: EraId, busy: boolean): boolean {
    if (!this.eraChange.switchNow(t, stageEra, this.era, busy)) return false;
    this.era = stageEra;
    this.cfg = ERA_GAZE[stageEra];
    return true;
  }

  /** Time the fixation that starts now (the pattern's draw). */
  beginFixation(t: number): void {
    this.fixStartMs = t;
    this.fixEndMs = t + this.pattern.fixationMs();
  }
}
