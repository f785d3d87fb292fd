import type { EraId } from '../../../scene/scene.ts';
import { ERA_LIGHT } from '../../eras/era-light.ts';
import { VISITOR_DISTANCE_CM } from '../../pointer/pointer-gaze.ts';

/**
 * The near reflex's inward turn (eye.md §3: derived from the device's viewing distance, never a
 * per-era constant). Each eye turns in by atan(IPD/2 / d) to fixate at distance d; the loader's eye is
 * drawn looking at the visitor ~60 cm away, so its vergence is measured from there: 0 at the visitor's
 * distance and beyond, ~2.6° for 2009's phone at 32 cm. The distance is ERA_LIGHT's, the device's.
 */
export const HALF_IPD_CM = 3.15; // interpupillary distance ~63 mm, Dodgson 2004

const RAD_TO_DEG = 180 / Math.PI;

function inwardTurnDeg(distanceCm: number): number {
  return Math.atan2(HALF_IPD_CM, distanceCm) * RAD_TO_DEG;
}

export function convergenceDegAt(viewingDistanceCm: number): number {
  return Math.max(0, inwardTurnDeg(viewingDistanceCm) - inwardTurnDeg(VISITOR_DISTANCE_CM));
}

/** Vergence while the eye plays an era's script (it looks at the era's device, ERA_LIGHT), degrees. */
export function eraConvergenceDeg(era: EraId): number {
  return convergenceDegAt(ERA_LIGHT[era].viewingDistanceCm);
}
