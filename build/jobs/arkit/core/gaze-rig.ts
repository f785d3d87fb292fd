import type { Trace } from '../../../model/trace.ts';
import { GAZE_RIG } from '../../../spec/eye-spec.ts';
import { splitGazeLayers } from './gaze-layers.ts';
import { macroScale } from './macro-scale.ts';

const RAD_TO_DEG = 180 / Math.PI;

/** The rig's one shared gaze angle at every 240 Hz step, degrees: x toward the avatar's own right, y up. */
export interface RigGaze {
  xDeg: Float64Array;
  yDeg: Float64Array;
}

export interface GazeRigOptions {
  /** The look-at plane's distance, cm (the seed's `lookAtDistanceCm`). */
  lookAtDistanceCm: number;
  /** Each layer's smoothing time constant, s (default eye.md §9's; 0 follows the goals exactly). */
  tauS?: number;
}

/**
 * The layered gaze rig of eye.md §9 run over a trace: Macro, Micro and Nano each ease toward their goal
 * (splitGazeLayers) by `current += (goal − current)·(1 − exp(−dt/τ))` at every 240 Hz step (dt = 1/240 s,
 * so the easing is the same whatever the export's frame rate), Macro's is scaled by `distance/300 + 0.66`,
 * the three are summed on the look-at plane and `atan2(offsetCm, distanceCm)` turns the sum into the one
 * angle both eyes share (no vergence). Each layer starts at its goal (no glide in from the centre).
 */
export function runGazeRig(trace: Trace, options: GazeRigOptions): RigGaze {
  const d = options.lookAtDistanceCm;
  const tauS = options.tauS ?? GAZE_RIG.smoothingTauS;
  if (!(d > 0)) throw new RangeError(`lookAtDistanceCm must be > 0, got ${d}`);
  if (!(tauS >= 0)) throw new RangeError(`tauS must be ≥ 0, got ${tauS}`);
  const g = splitGazeLayers(trace, d);
  const n = g.macroXCm.length;
  const alpha = tauS === 0 ? 1 : 1 - Math.exp(-1 / trace.sampleRateHz / tauS);
  const scale = macroScale(d);
  const goals = [g.macroXCm, g.macroYCm, g.microXCm, g.microYCm, g.nanoXCm, g.nanoYCm];
  const current = goals.map((col) => (n > 0 ? col[0] : 0));
  const out: RigGaze = { xDeg: new Float64Array(n), yDeg: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < goals.length; k++) current[k] += (goals[k][i] - current[k]) * alpha;
    const xCm = current[0] * scale + current[2] + current[4];
    const yCm = current[1] * scale + current[3] + current[5];
    out.xDeg[i] = Math.atan2(xCm, d) * RAD_TO_DEG;
    out.yDeg[i] = Math.atan2(yCm, d) * RAD_TO_DEG;
  }
  return out;
}
