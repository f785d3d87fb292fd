import { SpringStepper } from '../spring.ts';

/**
 * Iris wobble after a saccade (eye.md §6): the iris is a soft membrane on the lens, so when the globe
 * starts or stops turning it lags and then rings. A 9 Hz spring with ζ 0.45 (slower than life so 60 fps
 * can show it), kicked by each step's change in turning speed, stepped at 240 Hz whatever the frame
 * rate (stepped once a frame it went unstable under ~35 fps and sat at its clamp flipping sign).
 *
 * The spring itself is linear and never clamped, so it always rings down through zero; the offset it
 * shows passes through a soft limit, WOBBLE_LIMIT_MM·tanh(r / WOBBLE_LIMIT_MM) on its length, so it
 * stays under 0.15 mm without ever parking at a clamp. The kick's gain puts a 20° saccade's ring at
 * ~0.08 mm, where the soft limit barely bends it.
 */
export const WOBBLE_HZ = 9;
export const WOBBLE_DAMPING = 0.45;
export const WOBBLE_LIMIT_MM = 0.15;
/** Velocity kick, mm/s of iris per deg/s change of the globe's turning speed (~0.035 mm at 5°, ~0.07 at 20°). */
const KICK_MM_PER_DEG = 0.015;
/**
 * The spring's own amplitude (position and velocity/ω together) is capped at twice the limit, so even a
 * jump of the gaze in one step (no saccade) shows at most 0.15·tanh(2) ≈ 0.145 mm and rings down.
 */
const STATE_CAP_MM = 2 * WOBBLE_LIMIT_MM;

export class Wobble {
  xMm = 0;
  yMm = 0;
  private readonly sx = { x: 0, v: 0 };
  private readonly sy = { x: 0, v: 0 };
  private readonly spring: SpringStepper;
  private readonly kick: number;
  private readonly omega = 2 * Math.PI * WOBBLE_HZ;
  private lastYawDeg = NaN;
  private lastPitchDeg = NaN;
  private lastVYaw = 0;
  private lastVPitch = 0;

  /** @param grain the kick's scale (0.45 when calm). */
  constructor(
    private readonly stepS: number,
    grain: number,
  ) {
    this.spring = new SpringStepper(WOBBLE_HZ, WOBBLE_DAMPING, stepS);
    this.kick = KICK_MM_PER_DEG * grain;
  }

  /** One step with the globe's rotation now (deg). */
  step(yawDeg: number, pitchDeg: number): void {
    if (Number.isNaN(this.lastYawDeg)) {
      this.lastYawDeg = yawDeg;
      this.lastPitchDeg = pitchDeg;
    }
    const vYaw = (yawDeg - this.lastYawDeg) / this.stepS;
    const vPitch = (pitchDeg - this.lastPitchDeg) / this.stepS;
    this.lastYawDeg = yawDeg;
    this.lastPitchDeg = pitchDeg;
    // The iris lags the globe: a gain in turning speed pushes it back against the turn.
    this.sx.v -= (vYaw - this.lastVYaw) * this.kick;
    this.sy.v -= (vPitch - this.lastVPitch) * this.kick;
    this.lastVYaw = vYaw;
    this.lastVPitch = vPitch;
    this.spring.step(this.sx, 0);
    this.spring.step(this.sy, 0);
    const w = this.omega;
    const r2 = this.sx.x * this.sx.x + this.sy.x * this.sy.x;
    const amp2 = r2 + (this.sx.v * this.sx.v + this.sy.v * this.sy.v) / (w * w);
    if (amp2 > STATE_CAP_MM * STATE_CAP_MM) {
      const s = STATE_CAP_MM / Math.sqrt(amp2);
      this.sx.x *= s;
      this.sx.v *= s;
      this.sy.x *= s;
      this.sy.v *= s;
    }
    const u2 = (this.sx.x * this.sx.x + this.sy.x * this.sy.x) / (WOBBLE_LIMIT_MM * WOBBLE_LIMIT_MM);
    // tanh(u)/u: its series where u is small (error < 1e-9 for u < 0.05), the function beyond.
    let k: number;
    if (u2 < 0.0025) k = 1 - u2 / 3 + (2 * u2 * u2) / 15;
    else {
      const u = Math.sqrt(u2);
      k = Math.tanh(u) / u;
    }
    this.xMm = this.sx.x * k;
    this.yMm = this.sy.x * k;
  }
}
