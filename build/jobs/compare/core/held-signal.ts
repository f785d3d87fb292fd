import type { GazeSignal } from '../../../measure/signal.ts';
import { frameTimeMs } from '../../../model/time/clock.ts';

/**
 * A held panel's pixel signal over the whole clip: the rows measured from its rendered frames,
 * repeated frame for frame (each row is measured from its frame's picture alone, and a held panel's
 * pictures repeat), at the clip's frame times. What its label's numbers are measured from.
 */
export function heldSignal(rendered: GazeSignal, frames: number, fps: number): GazeSignal {
  const n = rendered.tMs.length;
  if (n === 0) throw new RangeError('held signal: no rendered rows');
  const repeat = (c: Float64Array) => Float64Array.from({ length: frames }, (_, k) => c[k % n]);
  return {
    tMs: Float64Array.from({ length: frames }, (_, k) => frameTimeMs(k, fps)),
    xDeg: repeat(rendered.xDeg),
    yDeg: repeat(rendered.yDeg),
    apertureMm: rendered.apertureMm ? repeat(rendered.apertureMm) : null,
  };
}
