import type { Scene } from '../scene/scene.ts';
import { createGenericEye } from './generic/generic-eye.ts';
import { createStillEye } from './still/still-eye.ts';
import { createTunedEye } from './tuned/tuned-eye.ts';
import type { EyeInputs, EyeModel } from './types.ts';

/** The eye a scene's preset names. */
export function createEye(scene: Scene, inputs: EyeInputs = {}): EyeModel {
  switch (scene.preset) {
    case 'tuned':
      return createTunedEye(scene, {}, inputs);
    case 'generic':
      return createGenericEye(scene);
    case 'none':
      return createStillEye(scene);
  }
}
