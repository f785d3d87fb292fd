import type { Trace } from '../../../model/trace.ts';
import { macroScale } from './macro-scale.ts';

const DEG = Math.PI / 180;

/** The three layers' goals at every 240 Hz step, as offsets in cm on the look-at plane (x: the avatar's right, y: up). */
export interface GazeLayerGoals {
  lookAtDistanceCm: number;
  /** Macro's goal in the rig's authoring units: the rig multiplies it by `distance/300 + 0.66`. */
  macroXCm: Float64Array;
  macroYCm: Float64Array;
  microXCm: Float64Array;
  microYCm: Float64Array;
  nanoXCm: Float64Array;
  nanoYCm: Float64Array;
}

/**
 * The model's gaze split into the rig's three layers (eye.md §9). The model decides where the eye looks;
 * the layers say which kind of movement each bit of it was, by the generator's own labels: what moves
 * during a saccade is Macro's, during a microsaccade Micro's, and everything else (drift, pursuit's glide,
 * the near reflex, Bell's roll under a lid) Nano's. The split is made on the look-at plane, so the three
 * sum to `distance · tan(angle)` exactly and `atan2` of the sum gives back the model's angle.
 *
 * Macro's goal is written so that after the rig's distance scale it lands where the model looked: the
 * seed authors Macro at the distance where the scale is 1 and lets the scale correct for the target's
 * real distance; an export must not change the model's saccade amplitudes, so it divides the scale out.
 *
 * +x is the avatar's own right. The model's +yaw turns toward the viewer's right on screen, and the eye
 * faces the viewer, so the avatar's right is the model's −yaw (the easy one to get backwards).
 */
export function splitGazeLayers(trace: Trace, lookAtDistanceCm: number): GazeLayerGoals {
  const yaw = trace.columns.yawDeg;
  const pitch = trace.columns.pitchDeg;
  const n = yaw.length;
  const kind = new Uint8Array(n); // 0 nano, 1 macro, 2 micro
  const stepsPerMs = trace.sampleRateHz / 1000;
  for (const e of trace.events) {
    if (e.kind !== 'saccade' && e.kind !== 'microsaccade') continue;
    const from = Math.max(1, Math.ceil(e.startMs * stepsPerMs));
    const to = Math.min(n - 1, Math.floor(e.endMs * stepsPerMs));
    for (let i = from; i <= to; i++) kind[i] = e.kind === 'saccade' ? 1 : 2;
  }
  const scale = macroScale(lookAtDistanceCm);
  const goals: GazeLayerGoals = {
    lookAtDistanceCm,
    macroXCm: new Float64Array(n),
    macroYCm: new Float64Array(n),
    microXCm: new Float64Array(n),
    microYCm: new Float64Array(n),
    nanoXCm: new Float64Array(n),
    nanoYCm: new Float64Array(n),
  };
  const planeX = (i: number): number => lookAtDistanceCm * Math.tan(-yaw[i] * DEG);
  const planeY = (i: number): number => lookAtDistanceCm * Math.tan(pitch[i] * DEG);
  if (n === 0) return goals;
  let mx = planeX(0) / scale;
  let my = planeY(0) / scale;
  let ux = 0;
  let uy = 0;
  let nx = 0;
  let ny = 0;
  goals.macroXCm[0] = mx;
  goals.macroYCm[0] = my;
  for (let i = 1; i < n; i++) {
    const dx = planeX(i) - planeX(i - 1);
    const dy = planeY(i) - planeY(i - 1);
    if (kind[i] === 1) {
      mx += dx / scale;
      my += dy / scale;
    } else if (kind[i] === 2) {
      ux += dx;
      uy += dy;
    } else {
      nx += dx;
      ny += dy;
    }
    goals.macroXCm[i] = mx;
    goals.macroYCm[i] = my;
    goals.microXCm[i] = ux;
    goals.microYCm[i] = uy;
    goals.nanoXCm[i] = nx;
    goals.nanoYCm[i] = ny;
  }
  return goals;
}
