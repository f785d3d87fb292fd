import type { Scene } from '../../scene/scene.ts';
import { restSample } from '../anatomy/rest.ts';
import { EraClock } from '../stage/stage.ts';
import { stepTimeMs } from '../time/clock.ts';
import type { EyeModel, EyeSample } from '../types.ts';

/** The `none` preset: an open eye looking straight ahead that never moves. */
export function createStillEye(scene: Scene): EyeModel {
  const eras = new EraClock(scene);
  let step = 0;
  return {
    step() {
      step++;
    },
    sample(): EyeSample {
      const tMs = stepTimeMs(step);
      return { ...restSample(eras.at(tMs)), tMs };
    },
    drainEvents() {
      return [];
    },
  };
}
