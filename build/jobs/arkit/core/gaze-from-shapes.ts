import { GAZE_RIG } from '../../../spec/eye-spec.ts';
import type { LiveLinkValue } from './live-link-columns.ts';

/**
 * The gaze angle back from a row's EyeLook shapes (the inverse of eyeShapes' gaze part), per eye,
 * degrees: x + toward the avatar's right, y + up. What an avatar driven by the shapes alone would show.
 */
export function gazeFromShapes(row: Readonly<Partial<Record<LiveLinkValue, number>>>): {
  left: { xDeg: number; yDeg: number };
  right: { xDeg: number; yDeg: number };
} {
  const v = (k: LiveLinkValue): number => row[k] ?? 0;
  const max = GAZE_RIG.maxGazeAngleDeg;
  return {
    left: { xDeg: (v('EyeLookInLeft') - v('EyeLookOutLeft')) * max, yDeg: (v('EyeLookUpLeft') - v('EyeLookDownLeft')) * max },
    right: { xDeg: (v('EyeLookOutRight') - v('EyeLookInRight')) * max, yDeg: (v('EyeLookUpRight') - v('EyeLookDownRight')) * max },
  };
}
