import { STEP_S } from '../../time/clock.ts';

/**
 * Smooth pursuit's drive (eye.md §2): the target's velocity, trusted only up to 30°/s (so a jump's
 * one-step spike is never chased), low-passed with τ 0.08 s (Lisberger 1987: pursuit responds to
 * target velocity with ~100 ms dynamics). The eye moves at gain × this, capped at 30°/s.
 */
export const PURSUIT_TAU_S = 0.08;
export const PURSUIT_MAX_DEG_PER_S = 30;

const DT_S = STEP_S;
const ALPHA = 1 - Math.exp(-DT_S / PURSUIT_TAU_S);

export class PursuitDrive {
  /** Low-passed, trusted target velocity, deg/s. */
  vx = 0;
  vy = 0;
  private lastX = 0;
  private lastY = 0;
  private hasLast = false;

  /** Feed the target position this step (deg); `tracking` false lets the drive decay to rest. */
  step(targetX: number, targetY: number, tracking: boolean): void {
    let rx = 0;
    let ry = 0;
    if (tracking && this.hasLast) {
      rx = (targetX - this.lastX) / DT_S;
      ry = (targetY - this.lastY) / DT_S;
      const k = capScale(rx, ry);
      rx *= k;
      ry *= k;
    }
    this.hasLast = tracking;
    this.lastX = targetX;
    this.lastY = targetY;
    this.vx += (rx - this.vx) * ALPHA;
    this.vy += (ry - this.vy) * ALPHA;
  }

  /** The eye's pursuit velocity for a gain, capped at 30°/s; written into `out`. */
  eyeVelocity(gain: number, out: { x: number; y: number }): void {
    const x = gain * this.vx;
    const y = gain * this.vy;
    const k = capScale(x, y);
    out.x = x * k;
    out.y = y * k;
  }
}

/** The factor that brings a velocity (deg/s) down to the 30°/s pursuit cap, or 1 if it is under it. */
function capScale(x: number, y: number): number {
  const speed = Math.hypot(x, y);
  return speed > PURSUIT_MAX_DEG_PER_S ? PURSUIT_MAX_DEG_PER_S / speed : 1;
}
