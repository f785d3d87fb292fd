import type { EraId, Scene } from '../../../scene/scene.ts';
import type { TruthEvent } from '../../types.ts';
import { NO_EVENTS, NO_LANDINGS, type GazeProcess, type GazeState, type Landing } from './gaze-process.ts';

/** Reduced motion: rest gaze, no pointer, no saccades; every step identical (the era follows plain cuts). */
export class StillGaze implements GazeProcess {
  private readonly s: GazeState;
  constructor(scene: Scene) {
    this.s = { yawDeg: 0, pitchDeg: 0, rigX: 0, rigY: 0, inSaccade: false, era: scene.era, convergenceDeg: 0, targetYawDeg: NaN, targetPitchDeg: NaN };
  }
  step(stageEra: EraId): void {
    this.s.era = stageEra;
  }
  state(): GazeState {
    return this.s;
  }
  landings(): readonly Landing[] {
    return NO_LANDINGS;
  }
  drainEvents(): TruthEvent[] {
    return NO_EVENTS;
  }
}
