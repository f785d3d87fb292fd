import { EraClock } from '../model/stage/stage.ts';
import { stepTimeMs } from '../model/time/clock.ts';
import { Random } from '../model/random/random.ts';
import type { EraId, Scene } from '../scene/scene.ts';
import { STEP_HZ } from '../spec/eye-spec.ts';
import type { TruthEvent } from '../model/types.ts';
import { createGaze } from '../model/tuned/gaze/create-gaze.ts';
import type { GazeProcess } from '../model/tuned/gaze/gaze-process.ts';

/** A bare scene for simulating the gaze alone (tests, benchmarks). */
export function gazeScene(era: EraId, over: Partial<Scene> = {}): Scene {
  return {
    name: `gaze-${era}`,
    era,
    tour: [],
    mode: 'script',
    preset: 'tuned',
    durationS: 600,
    fps: 30,
    width: 1280,
    height: 720,
    seed: 1,
    calm: false,
    reducedMotion: false,
    pointer: [],
    overrides: {},
    ...over,
  };
}

/**
 * Run the gaze of a scene for `durationS` of scene time from the scene's seed (the root seed's
 * `gaze` child, as the tuned eye spawns it), calling `onStep` after each step; returns every event.
 */
export function runGaze(
  scene: Scene,
  durationS: number,
  onStep?: (gaze: GazeProcess, step: number) => void,
): TruthEvent[] {
  const gaze = createGaze(scene, Random.fromSeed(scene.seed).spawn('gaze'));
  const events: TruthEvent[] = [];
  const steps = Math.round(durationS * STEP_HZ);
  const eras = new EraClock(scene);
  for (let i = 1; i <= steps; i++) {
    gaze.step(eras.at(stepTimeMs(i)));
    if (onStep) onStep(gaze, i);
    const ev = gaze.drainEvents();
    for (let j = 0; j < ev.length; j++) events.push(ev[j]);
  }
  return events;
}
