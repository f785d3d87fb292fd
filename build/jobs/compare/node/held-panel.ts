import { frameCount } from '../../../model/time/clock.ts';
import { FrameFeed } from '../../../page/frame-feed.ts';
import { gradeVariesInTime, noiseFrame } from '../../../render/era/apply-grade.ts';
import { withSettings } from '../../../scene/parse.ts';
import type { Scene } from '../../../scene/scene.ts';

/** Whether a scene rule accepts a film of `frames` frames (its least --duration is the rule's, not restated here). */
function renderable(scene: Scene, frames: number): boolean {
  try {
    withSettings(scene, { durationS: frames / scene.fps });
    return true;
  } catch {
    return false;
  }
}

/**
 * How many frames a panel that holds still needs rendered, or null for one that moves. A frame's
 * picture is drawn from its sample, its pointer and, through a webcam's noise, its sample's time
 * (noiseFrame: nothing else of time reaches the renderer). So when every frame's sample, less its
 * time, and pointer equal the first frame's (read from the page's own FrameFeed, as the film key
 * reads them), the pictures repeat as the noise's frames do: once per frame's picture in an era
 * whose grade holds still (the camera's grain is one fixed pattern), with the noise's cycle in one
 * whose grade does not. The answer is the smallest whole number of
 * such cycles a render can make (at least the least --duration); the panel is those frames, looped.
 * Null also when that is not shorter than the film, or the noise's frames do not cycle within it.
 */
export function heldFrames(scene: Scene): number | null {
  const feed = new FrameFeed(scene);
  const first = feed.at(0);
  const still = JSON.stringify({ ...first.sample, tMs: 0, pointer: first.pointer });
  // A tour changes era (and grade) at its cuts: never held.
  if (scene.tour.length > 0) return null;
  const varies = gradeVariesInTime(scene.era);
  const ticks: number[] = [varies ? noiseFrame(first.sample.tMs) : 0];
  for (let k = 1; k < feed.frameCount; k++) {
    const f = feed.at(k);
    if (JSON.stringify({ ...f.sample, tMs: 0, pointer: f.pointer }) !== still) return null;
    ticks.push(varies ? noiseFrame(f.sample.tMs) : 0);
  }
  const period = periodOf(ticks);
  if (period === null) return null;
  for (let frames = period; frames < feed.frameCount; frames += period) if (renderable(scene, frames)) return frames;
  return null;
}

/** The least p with xs[k] = xs[k mod p] for every k, when p is at most half the length; else null. */
export function periodOf(xs: readonly number[]): number | null {
  for (let p = 1; p <= xs.length / 2; p++) if (xs.every((x, k) => x === xs[k % p])) return p;
  return null;
}

/** The frames of `scene` a held panel renders (the same scene, shorter). */
export function heldScene(scene: Scene, frames: number): Scene {
  const durationS = frames / scene.fps;
  if (frameCount(durationS, scene.fps) !== frames) throw new RangeError(`held panel: ${frames} frames at ${scene.fps} fps is not a whole film`);
  return { ...scene, durationS };
}
