import { CONTACT, ERA_GAZE } from '../../model/eras/era-gaze.ts';
import { effectiveFixMs } from '../../model/tuned/gaze/patterns/create-pattern.ts';
import { FIXATION_LAW, READING_FIXATION_LAW } from '../../model/tuned/gaze/fixation-duration.ts';
import type { Scene } from '../../scene/scene.ts';
import type { FixationGamma } from './report-data.ts';

/**
 * The fixation law a scene's tuned eye draws from, read from the same tables and rules the model uses
 * (tuned-gaze.ts: the era's script pattern, or eye contact at rest; createPattern: reading k 5, else
 * k 4; the cap margin or the scene's override). null where no one law applies: the generic and none
 * presets, a tour (several eras), a locked gaze.
 */
export function fixationGammaOf(scene: Pick<Scene, 'preset' | 'era' | 'mode' | 'tour' | 'overrides'>): FixationGamma | null {
  if (scene.preset !== 'tuned' || scene.tour.length > 0) return null;
  const pattern = scene.mode === 'script' ? ERA_GAZE[scene.era].pattern : CONTACT;
  if (pattern.kind === 'lock') return null;
  return {
    law: pattern.kind === 'read' ? READING_FIXATION_LAW : FIXATION_LAW,
    clampedMeanMs: effectiveFixMs(pattern.fixMs, scene.overrides.fixMs),
  };
}
