import type { Scene } from '../../scene/scene.ts';
import { createStillEye } from '../still/still-eye.ts';
import type { EyeModel } from '../types.ts';

// PLACEHOLDER until the tuned model lands (issue 3): holds still.
export function createTunedEye(scene: Scene): EyeModel {
  return createStillEye(scene);
}
