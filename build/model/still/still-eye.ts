import type { Scene } from '../../scene/scene.ts';
import { restSample } from '../anatomy/rest.ts';
import type { EyeModel, EyeSample } from '../types.ts';

/** The `none` preset: an open eye looking straight ahead that never moves. */
export function createStillEye(_scene: Scene): EyeModel {
  let step = 0;
  return {
    step() {
      step++;
    },
    sample(): EyeSample {
      return { ...restSample(), tMs: (step * 1000) / 240 };
    },
    drainEvents() {
      return [];
    },
  };
}
