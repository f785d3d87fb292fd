import type { Random } from '../../random/random.ts';
import type { Scene } from '../../../scene/scene.ts';
import type { GazeProcess, GazeState, Landing } from './gaze-process.ts';

// PLACEHOLDER until the gaze subsystem lands (issue 3): looks straight ahead.
export function createGaze(scene: Scene, _rng: Random): GazeProcess {
  const state: GazeState = { yawDeg: 0, pitchDeg: 0, rigX: 0, rigY: 0, inSaccade: false, era: scene.era, convergenceDeg: 0 };
  const none: Landing[] = [];
  return {
    step() {},
    state: () => state,
    landings: () => none,
    drainEvents: () => [],
  };
}
