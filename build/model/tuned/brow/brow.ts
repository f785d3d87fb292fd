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
 * Changes under 0.05 mm are ignored (fixational drift, ±0.15° or ~0.03 mm of lift, never jiggles the
 * brow; 0.05 mm is under 2 px at 1440×900), and a settled chain is left alone until its target moves.
 */
export const BROW_WAIT_MS = 120;
/** The brow ignores changes of its wanted lift smaller than this (fixational drift never jiggles it). */
const DEADBAND_MM = 0.05;
/** A chain this close to its target, and this slow, is settled: snapped to it (invisibly) and left unstepped. */
const SETTLED_MM = 1e-4;
const SETTLED_MM_PER_S = 1e-3;
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
  private settled = true;

  constructor(initialTargetMm: number, private readonly stepMs: number) {
    for (let i = 0; i < NODES; i++) {
      const hz = HEAD_HZ + ((TAIL_HZ - HEAD_HZ) * i) / (NODES - 1);
      this.springs.push(new SpringStepper(hz, DAMPING, stepMs / 1000));
      this.nodes.push({ x: initialTargetMm, v: 0 });
    }
    this.target = initialTargetMm;
    this.liftMm = initialTargetMm;
  }

  /**
   * The node lifts head → tail (mm) while the chain is moving, for the renderer to bend the brow;
   * undefined once it has settled (every node then equals liftMm). A fresh array: read-only to callers.
   */
  nodeLiftsMm(): number[] | undefined {
    return this.settled ? undefined : this.nodes.map((n) => n.x);
  }

  /** One step: the gaze's wanted lift now and whether a saccade is in flight. */
  step(wantedMm: number, inSaccade: boolean): void {
    this.stillMs = inSaccade ? 0 : this.stillMs + this.stepMs;
    if (this.stillMs >= BROW_WAIT_MS && Math.abs(wantedMm - this.target) > DEADBAND_MM) {
      this.target = wantedMm;
      this.settled = false;
    }
    if (this.settled) return;
    const nodes = this.nodes;
    const springs = this.springs;
    const target = this.target;
    let sum = 0;
    let still = true;
    for (let i = 0; i < NODES; i++) {
      const n = nodes[i];
      springs[i].step(n, target);
      sum += n.x;
      if (still && (Math.abs(n.x - target) > SETTLED_MM || Math.abs(n.v) > SETTLED_MM_PER_S)) still = false;
    }
    if (still) {
      for (let i = 0; i < NODES; i++) {
        nodes[i].x = target;
        nodes[i].v = 0;
      }
      this.settled = true;
      this.liftMm = target;
      return;
    }
    this.liftMm = sum / NODES;
  }
}
