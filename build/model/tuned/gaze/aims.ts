import type { Random } from '../../random/random.ts';
import { saccadeDurationMs } from './main-sequence.ts';
import { MICRO_AIM_BACK_DEG, MICRO_MAX_DEG, MICRO_MIN_DEG, MICRO_RANDOM_MAX_DEG } from './microsaccades.ts';
import type { Goal } from './patterns/pattern.ts';
import type { PointerFollow } from './pointer-follow.ts';

/**
 * Where the followed target will be when a saccade from the eye lands: the target plus its trusted
 * (≤ 30°/s, low-passed) velocity times the flight time (eye.md §2). Written into `goal`.
 */
export function predictTarget(pointer: PointerFollow, eye: { x: number; y: number }, goal: Goal): void {
  const { tx: x, ty: y, pursuit } = pointer;
  let dur = saccadeDurationMs(Math.hypot(x - eye.x, y - eye.y)) / 1000;
  let gx = x + pursuit.vx * dur;
  let gy = y + pursuit.vy * dur;
  dur = saccadeDurationMs(Math.hypot(gx - eye.x, gy - eye.y)) / 1000;
  gx = x + pursuit.vx * dur;
  gy = y + pursuit.vy * dur;
  goal.x = gx;
  goal.y = gy;
}

/** Where a microsaccade goes, and why. */
export interface MicrosaccadeAim {
  x: number;
  y: number;
  cause: string;
}

/**
 * A microsaccade's landing (eye.md §1): back at the fixation point (ax, ay) once drift has carried the
 * eye past MICRO_AIM_BACK_DEG, else a small random hop; `grain` is calm's scale. Written into `out`.
 */
export function microsaccadeAim(eye: { x: number; y: number }, ax: number, ay: number, grain: number, rng: Random, out: MicrosaccadeAim): MicrosaccadeAim {
  const dx = eye.x - ax;
  const dy = eye.y - ay;
  const r = Math.hypot(dx, dy);
  let ux: number;
  let uy: number;
  let amp: number;
  if (r > MICRO_AIM_BACK_DEG * grain) {
    // Aimed back at the fixation point (Engbert & Kliegl 2004: microsaccades correct drift).
    ux = -dx / r;
    uy = -dy / r;
    amp = Math.min(r * rng.uniform(0.8, 1), MICRO_MAX_DEG * grain);
    out.cause = 'micro-return';
  } else {
    const th = rng.uniform(0, 2 * Math.PI);
    ux = Math.cos(th);
    uy = Math.sin(th);
    amp = rng.uniform(MICRO_MIN_DEG, MICRO_RANDOM_MAX_DEG) * grain;
    out.cause = 'micro';
  }
  out.x = eye.x + ux * amp;
  out.y = eye.y + uy * amp;
  return out;
}
