import type { Scene } from '../../scene/scene.ts';
import { createStillEye } from '../still/still-eye.ts';
import type { EyeModel } from '../types.ts';

// PLACEHOLDER until the generic preset lands (issue 3): holds still.
export function createGenericEye(scene: Scene): EyeModel {
  return createStillEye(scene);
}
