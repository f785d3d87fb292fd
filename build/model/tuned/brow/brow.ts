import type { EraId } from '../../../scene/scene.ts';
import { SpringStepper } from '../spring.ts';

/**
 * A simple brow (eye.md §7, the modest first cut; the full rig of senses, feelings and muscles is a
 * later issue). Cursor → eye → brow: the brow reads the raw rig gaze (before pitch shaping), and takes
 * the new direction's shape only once the eye has landed and held for BROW_WAIT_MS (it waits out a
 * saccade), the shape travelling from head to tail along a five-node spring chain (head 3.4 Hz → tail
 * 2.5 Hz, ζ 0.68, so a little overshoot). `liftMm` is the chain's mean.
 *
 * Looking up lifts the brow (frontalis helps the lid up, 2.2 mm per rig unit up); looking down lowers
 * it a little (0.6 mm per unit). 2013 (a selfie) holds an extra lift only while the eye is up at the
 * lens, rig (0, 0.45), within 0.1 rig units (1°); the screen it looks at otherwise is 2° below.
 */
export const BROW_WAIT_MS = 120;
const NODES = 5;
const HEAD_HZ = 3.4;
const TAIL_HZ = 2.5;
const DAMPING = 0.68;
const UP_MM_PER_UNIT = 2.2;
const DOWN_MM_PER_UNIT = 0.6;
const LENS_X = 0;
const LENS_Y = 0.45;
const LENS_RADIUS_UNITS = 0.1;
const SELFIE_LIFT_MM = 1.2;

/** The brow's lift for a raw rig gaze (before the chain), mm. */
export function browTargetMm(rigX: number, rigY: number, era: EraId): number {
  let lift = rigY > 0 ? UP_MM_PER_UNIT * rigY : DOWN_MM_PER_UNIT * rigY;
  if (era === '2013' && Math.hypot(rigX - LENS_X, rigY - LENS_Y) < LENS_RADIUS_UNITS) lift += SELFIE_LIFT_MM;
  return lift;
}

export class Brow {
  liftMm: number;
  /** Node lifts, head (inner) to tail (outer), mm. */
  readonly nodes: { x: number; v: number }[] = [];
  private readonly springs: SpringStepper[] = [];
  private target: number;
  private stillMs = 0;

  constructor(initialTargetMm: number, private readonly stepMs: number) {
    for (let i = 0; i < NODES; i++) {
      const hz = HEAD_HZ + ((TAIL_HZ - HEAD_HZ) * i) / (NODES - 1);
      this.springs.push(new SpringStepper(hz, DAMPING, stepMs / 1000));
      this.nodes.push({ x: initialTargetMm, v: 0 });
    }
    this.target = initialTargetMm;
    this.liftMm = initialTargetMm;
  }

  /** One step: the gaze's wanted lift now and whether a saccade is in flight. */
  step(wantedMm: number, inSaccade: boolean): void {
    this.stillMs = inSaccade ? 0 : this.stillMs + this.stepMs;
    if (this.stillMs >= BROW_WAIT_MS) this.target = wantedMm;
    const nodes = this.nodes;
    const springs = this.springs;
    let sum = 0;
    for (let i = 0; i < NODES; i++) {
      springs[i].step(nodes[i], this.target);
      sum += nodes[i].x;
    }
    this.liftMm = sum / NODES;
  }
}
