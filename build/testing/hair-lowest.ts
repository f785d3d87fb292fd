import type { LashCurvePx } from '../render/layers/lashes.ts';
import { lashPointPx } from '../render/layers/lashes.ts';

/** The lowest a hair's curve reaches in the picture (its largest y, frame px), read at 101 points
 * along it, root and tip included: how far a hair dips under its root, or loops back up. */
export function lowestYPx(c: LashCurvePx): number {
  let low = -Infinity;
  for (let k = 0; k <= 100; k++) low = Math.max(low, lashPointPx(c, k / 100)[1]);
  return low;
}
