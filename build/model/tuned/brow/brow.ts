import { FACE } from '../../../spec/eye-spec.ts';
import { SpringStepper } from '../spring.ts';
import { BROW_NODES } from './brow-shape.ts';

/** The brow waits out a saccade: it takes the new direction's shape this long after the eye lands (eye.md §7). */
export const BROW_WAIT_MS = FACE.browAfterLandingMs.value;
/**
 * A new target reaches each node this many 240 Hz steps after the one before it (12.5 ms; head to
 * tail ~50 ms), so every change of the brow, the gaze's shape and the muscles alike, travels from the
 * head to the tail (our choice; eye.md §7 asks only for the order).
 */
export const NODE_STAGGER_STEPS = 3;
/** The brow ignores changes of its wanted shape smaller than this, mm (fixational drift never jiggles it; under 2 px at 1440×900). */
const DEADBAND_MM = 0.05;
/** A node this close to its target, and this slow, is snapped to it (invisibly). */
const SETTLED_MM = 1e-4;
const SETTLED_MM_PER_S = 1e-3;
const HISTORY = (BROW_NODES - 1) * NODE_STAGGER_STEPS + 1;

/**
 * The five-node brow chain (eye.md §7). Cursor → eye → brow: the gaze's shape (gazeBrowShapeMm) is
 * taken up only once the eye has landed and held for BROW_WAIT_MS, and the muscles' lifts (AU1, AU2,
 * AU4, AU6) ride on top; each node's target is that sum as it was NODE_STAGGER_STEPS × its index steps
 * ago, so a change travels head to tail. Nodes are springs, head 3.4 Hz → tail 2.5 Hz, ζ 0.68 (a
 * little overshoot), advanced by their exact solution at the model's 240 Hz, so they are stable and the
 * same at any frame rate. `liftMm` is the chain's mean.
 */
export class Brow {
  liftMm = 0;
  /** Node lifts, head (inner) to tail (outer), mm. */
  readonly nodes: { x: number; v: number }[] = [];
  private readonly springs: SpringStepper[] = [];
  private readonly shape = new Float64Array(BROW_NODES);
  /** The wanted totals (shape + muscles) of the last HISTORY steps, a ring of BROW_NODES-wide rows. */
  private readonly history = new Float64Array(BROW_NODES * HISTORY);
  private head = 0;
  private stillMs = 0;
  private settled = true;

  constructor(
    initialShapeMm: ArrayLike<number>,
    private readonly stepMs: number,
    /** The wait after a landing, ms (a scene's override makes a deliberately bad brow). */
    private readonly waitMs: number = BROW_WAIT_MS,
  ) {
    for (let i = 0; i < BROW_NODES; i++) {
      const hz = FACE.browHeadHz + ((FACE.browTailHz - FACE.browHeadHz) * i) / (BROW_NODES - 1);
      this.springs.push(new SpringStepper(hz, FACE.browDampingRatio, stepMs / 1000));
      this.nodes.push({ x: initialShapeMm[i], v: 0 });
      this.shape[i] = initialShapeMm[i];
    }
    for (let r = 0; r < HISTORY; r++) for (let i = 0; i < BROW_NODES; i++) this.history[r * BROW_NODES + i] = initialShapeMm[i];
    this.liftMm = this.mean();
  }

  /**
   * The node lifts head → tail (mm) for the renderer to bend the brow; undefined when the chain is
   * settled with every node at one lift (the brow is then rigid at liftMm). Read-only: the same array
   * until the nodes move.
   */
  nodeLiftsMm(): readonly number[] | undefined {
    if (this.settled) {
      const x0 = this.nodes[0].x;
      if (this.nodes.every((n) => n.x === x0)) return undefined;
    }
    // One array per change of the nodes (a settled, bent brow is read every step and never changes).
    const cached = this.lifts;
    if (cached === undefined || this.nodes.some((n, i) => n.x !== cached[i])) this.lifts = this.nodes.map((n) => n.x);
    return this.lifts;
  }
  private lifts: number[] | undefined;

  /**
   * One step: the gaze's wanted shape now, the muscles' lifts now (both head → tail, mm), and whether
   * a saccade is in flight. Returns true when a new gaze shape was taken up on this step.
   */
  step(wantedShapeMm: ArrayLike<number>, muscleMm: ArrayLike<number>, inSaccade: boolean): boolean {
    this.stillMs = inSaccade ? 0 : this.stillMs + this.stepMs;
    let adopted = false;
    if (this.stillMs >= this.waitMs) {
      let far = 0;
      for (let i = 0; i < BROW_NODES; i++) far = Math.max(far, Math.abs(wantedShapeMm[i] - this.shape[i]));
      if (far > DEADBAND_MM) {
        for (let i = 0; i < BROW_NODES; i++) this.shape[i] = wantedShapeMm[i];
        adopted = true;
      }
    }
    this.head = (this.head + 1) % HISTORY;
    const h = this.history;
    let changed = false;
    for (let i = 0; i < BROW_NODES; i++) {
      const v = this.shape[i] + muscleMm[i];
      if (v !== h[this.head * BROW_NODES + i] || v !== h[((this.head + HISTORY - 1) % HISTORY) * BROW_NODES + i]) changed = true;
      h[this.head * BROW_NODES + i] = v;
    }
    if (changed) this.settled = false;
    // A settled chain whose targets have stopped changing is left alone (most of any long run).
    if (this.settled && !changed && !this.historyMoving()) return adopted;
    let still = true;
    for (let i = 0; i < BROW_NODES; i++) {
      const n = this.nodes[i];
      const target = h[((this.head - i * NODE_STAGGER_STEPS + HISTORY * BROW_NODES) % HISTORY) * BROW_NODES + i];
      this.springs[i].step(n, target);
      if (Math.abs(n.x - target) > SETTLED_MM || Math.abs(n.v) > SETTLED_MM_PER_S) still = false;
    }
    if (still && !this.historyMoving()) {
      for (let i = 0; i < BROW_NODES; i++) {
        this.nodes[i].x = h[this.head * BROW_NODES + i];
        this.nodes[i].v = 0;
      }
      this.settled = true;
    }
    this.liftMm = this.mean();
    return adopted;
  }

  /** Does any row of the history differ from the newest (a change still travelling down the chain)? */
  private historyMoving(): boolean {
    const h = this.history;
    const newest = this.head * BROW_NODES;
    for (let r = 0; r < HISTORY; r++) for (let i = 0; i < BROW_NODES; i++) if (h[r * BROW_NODES + i] !== h[newest + i]) return true;
    return false;
  }

  private mean(): number {
    let s = 0;
    for (const n of this.nodes) s += n.x;
    return s / BROW_NODES;
  }
}
