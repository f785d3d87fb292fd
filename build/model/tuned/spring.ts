/**
 * A damped spring (underdamped, ζ < 1) advanced by its exact solution over a fixed step, so it is
 * stable and true to its frequency at any step size. The step is fixed at construction (240 Hz in the
 * model); the transition coefficients are computed once.
 */
export class SpringStepper {
  private readonly xx: number;
  private readonly xv: number;
  private readonly vx: number;
  private readonly vv: number;

  constructor(
    readonly frequencyHz: number,
    readonly dampingRatio: number,
    readonly stepS: number,
  ) {
    const w = 2 * Math.PI * frequencyHz;
    const z = dampingRatio;
    if (!(z > 0 && z < 1)) throw new Error(`SpringStepper needs 0 < ζ < 1, got ${z}`);
    const wd = w * Math.sqrt(1 - z * z);
    const e = Math.exp(-z * w * stepS);
    const c = Math.cos(wd * stepS);
    const s = Math.sin(wd * stepS);
    this.xx = e * (c + ((z * w) / wd) * s);
    this.xv = (e * s) / wd;
    this.vx = (-e * w * w * s) / wd;
    this.vv = e * (c - ((z * w) / wd) * s);
  }

  /** Position after one step toward `target` (held over the step); writes the velocity to `state.v`. */
  step(state: { x: number; v: number }, target: number): void {
    const d = state.x - target;
    const v = state.v;
    state.x = target + this.xx * d + this.xv * v;
    state.v = this.vx * d + this.vv * v;
  }
}
