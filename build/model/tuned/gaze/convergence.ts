import type { EraId } from '../../../scene/scene.ts';
import { VISITOR_DISTANCE_CM } from '../../pointer/pointer-gaze.ts';

/**
 * The near reflex's inward turn (eye.md §3: derived from the device's viewing distance, never a
 * per-era constant). Each eye turns in by atan(IPD/2 / d) to fixate at distance d; the loader's eye is
 * drawn looking at the visitor ~60 cm away, so its vergence is measured from there: 0 at the visitor's
 * distance and beyond, ~2.6° for 2009's phone at 32 cm.
 */
export const HALF_IPD_CM = 3.15; // interpupillary distance ~63 mm, Dodgson 2004

const RAD_TO_DEG = 180 / Math.PI;

function inwardTurnDeg(distanceCm: number): number {
  return Math.atan2(HALF_IPD_CM, distanceCm) * RAD_TO_DEG;
}

export function convergenceDegAt(viewingDistanceCm: number): number {
  return Math.max(0, inwardTurnDeg(viewingDistanceCm) - inwardTurnDeg(VISITOR_DISTANCE_CM));
}

/**
 * Viewing distance of each era's device, cm. TEMPORARY: ERA_LIGHT (build/model/eras/era-light.ts,
 * another subsystem's) is to own viewing distance; until it lands this local table stands in, and the
 * two must be unified (read ERA_LIGHT[era].viewingDistanceCm here).
 */
export const GAZE_VIEWING_DISTANCE_CM: Record<EraId, number> = {
  '1970': 60, // a terminal on a desk
  '1981': 60,
  '1991': 60,
  '1995': 60,
  '1997': 60,
  '2000': 50, // a laptop on the lap
  '2003': 60,
  '2009': 32, // a phone held low (eye.md: the near reflex at 32 cm)
  '2013': 40, // a selfie at arm's length
  '2026': 60, // eye contact with the visitor
};

/** Vergence while the eye plays an era's script (it looks at the device), degrees. */
export function eraConvergenceDeg(era: EraId): number {
  return convergenceDegAt(GAZE_VIEWING_DISTANCE_CM[era]);
}
