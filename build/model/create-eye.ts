import type { Scene } from '../scene/scene.ts';
import { createGenericEye } from './generic/generic-eye.ts';
import { createStillEye } from './still/still-eye.ts';
import { createTunedEye } from './tuned/tuned-eye.ts';
import type { EyeModel } from './types.ts';

/** The eye a scene's preset names. */
export function createEye(scene: Scene): EyeModel {
  switch (scene.preset) {
    case 'tuned':
      return createTunedEye(scene);
    case 'generic':
      return createGenericEye(scene);
    case 'none':
      return createStillEye(scene);
  }
}
