import type { EraId } from '../scene/scene.ts';
import type { TruthEvent } from '../model/types.ts';
import type { GazeProcess, GazeState, Landing } from '../model/tuned/gaze/gaze-process.ts';
import { STEP_MS } from '../model/time/clock.ts';

/**
 * A scripted gaze for tests of the eye's body: minimum-jerk saccades of the given amplitudes on the
 * main sequence, one every `everyMs`, alternating direction, plus the raw rig gaze that goes with them.
 * Not used by any preset.
 */
export function scriptedGaze(era: EraId, amplitudesDeg: readonly number[], everyMs: number, vertical = false): GazeProcess {
  const state: GazeState = { yawDeg: 0, pitchDeg: 0, rigX: 0, rigY: 0, inSaccade: false, era, convergenceDeg: 0, targetYawDeg: NaN, targetPitchDeg: NaN };
  let step = 0;
  let k = 0;
  let from = 0;
  let to = amplitudesDeg[0];
  let startMs = everyMs;
  let landed: Landing[] = [];
  const none: Landing[] = [];
  return {
    step(_stageEra: EraId) {
      step++;
      landed = none;
      const t = step * STEP_MS;
      const a = amplitudesDeg[k % amplitudesDeg.length];
      const durMs = 2.2 * a + 21;
      let pos = from;
      if (t >= startMs) {
        const tau = Math.min(1, (t - startMs) / durMs);
        pos = from + (to - from) * (10 * tau ** 3 - 15 * tau ** 4 + 6 * tau ** 5);
        state.inSaccade = tau < 1;
        if (tau >= 1) {
          landed = [{ amplitudeDeg: a, micro: a < 0.6, corrective: false }];
          k++;
          from = to;
          const nextA = amplitudesDeg[k % amplitudesDeg.length];
          to = from > 0 ? from - nextA : from + nextA;
          startMs += everyMs;
          pos = from;
        }
      }
      if (vertical) state.pitchDeg = pos;
      else state.yawDeg = pos;
      state.rigX = state.yawDeg / 10;
      state.rigY = state.pitchDeg / 10;
    },
    state: () => state,
    landings: () => landed,
    drainEvents: (): TruthEvent[] => [],
  };
}
