import type { EyeInputs } from './types.ts';
import { STEP_HZ } from '../spec/eye-spec.ts';
import type { Scene } from '../scene/scene.ts';
import { createEye } from './create-eye.ts';
import { stepsAtFrame } from './time/clock.ts';
import { TraceRecorder, type Trace } from './trace.ts';
import type { EyeModel, EyeSample } from './types.ts';

/**
 * Plays a scene frame by frame: the one way both the page and Node advance the model. Going to a
 * frame takes the model to floor(frame · 240 / fps) steps; every step's sample is recorded, so the
 * trace is the same whatever the frame rate (the frame only decides which step is drawn).
 */
export class Player {
  private model: EyeModel;
  private steps = 0;
  private current: EyeSample;
  readonly recorder: TraceRecorder;

  /** @param keepSamples how many of the newest samples the recorder keeps (default: all; the live page keeps a window). */
  constructor(
    readonly scene: Scene,
    inputs: EyeInputs = {},
    keepSamples = Infinity,
  ) {
    this.recorder = new TraceRecorder(4096, keepSamples);
    this.model = createEye(scene, inputs);
    this.current = this.model.sample();
    this.recorder.push(this.current);
  }

  /** Advance to a frame (forward only: a player never rewinds, make a new one instead). */
  goToFrame(frame: number): EyeSample {
    return this.goToStep(stepsAtFrame(frame, this.scene.fps));
  }

  goToStep(target: number): EyeSample {
    if (target < this.steps) throw new Error(`cannot go back from step ${this.steps} to ${target}`);
    while (this.steps < target) {
      this.model.step();
      this.steps++;
      this.current = this.model.sample();
      this.recorder.push(this.current);
      this.recorder.pushEvents(this.model.drainEvents());
    }
    return this.current;
  }

  get stepCount(): number {
    return this.steps;
  }
}

/** Simulate a scene for `durationS` of scene time (default: the scene's own) and return the trace. */
export function simulate(scene: Scene, durationS = scene.durationS): Trace {
  const player = new Player(scene);
  player.goToStep(Math.round(durationS * STEP_HZ));
  return player.recorder.trace();
}
