/**
 * The scene clock. A scene's time is `frame / fps` exactly, held as integers; the model steps at a
 * fixed 240 Hz whatever the frame rate, and a frame that falls between two steps carries the
 * remainder as an interpolation weight (never as an accumulated float).
 */
import { STEP_HZ } from '../../spec/eye-spec.ts';

export const STEP_S = 1 / STEP_HZ;
export const STEP_MS = 1000 / STEP_HZ;

/** Model steps completed at a frame: floor(frame · 240 / fps), in integers. */
export function stepsAtFrame(frame: number, fps: number): number {
  return Math.floor((frame * STEP_HZ) / fps);
}

/** How far a frame sits between step n and n+1, in [0, 1). */
export function remainderAtFrame(frame: number, fps: number): number {
  return ((frame * STEP_HZ) % fps) / fps;
}

/** Scene time of a frame in ms, as frame / fps (no accumulation). */
export function frameTimeMs(frame: number, fps: number): number {
  return (frame * 1000) / fps;
}

/** Time of step n in ms. */
export function stepTimeMs(step: number): number {
  return (step * 1000) / STEP_HZ;
}

/** Frames in a scene of the given duration (rounded to the nearest whole frame). */
export function frameCount(durationS: number, fps: number): number {
  return Math.round(durationS * fps);
}
