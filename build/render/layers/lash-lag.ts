import { LID_SPHERE_RADIUS_MM, REST_UPPER_LID_MM } from '../../model/anatomy/rest.ts';

/**
 * The lashes' lag (eye.md §6, §11): lashes are springy hairs on a lid that moves fast (70 ms to shut),
 * so they trail its roll a little closing and swing past it opening. The renderer keeps one lag spring
 * per canvas, stepped 4 times a frame on scene time (4 per 1/15 s when the page skips frames) (eye.md: "lashes 4 per frame"; stable at 15 fps),
 * and reset at the start of a film (time going back, or a jump longer than RESET_GAP_MS), so a film's
 * frames depend only on the film: the same scene gives the same pixels in a fresh or a reused page.
 * The lid's roll is how far the upper margin has turned down the lid sphere from rest, in radians.
 */
export const LASH_LAG_HZ = 9;
const ZETA = 0.55;
const SUBSTEPS = 4;
/**
 * The longest time 4 substeps may cover: one frame at 15 fps, the slowest rate the springs are
 * checked at (eye.md §6). A page stepped over several frames at once (the picture test's stride) gets
 * 4 substeps per this span; 4 over the whole jump made the spring blow up (at a 133 ms jump ω·dt ≈ 1.9:
 * 1981's lashes hung straight down for a frame, a 1.8 mm vertical edge no film shows).
 */
const MAX_SPAN_MS = 1000 / 15;
const RESET_GAP_MS = 500;
/** The lag is quantised (radians) so a still lid gives exactly the same lashes frame after frame. */
export const LASH_LAG_QUANTUM_RAD = 0.005;

interface LagState {
  tMs: number;
  /** The lid's roll at tMs (the target is interpolated from it over the next frame's substeps). */
  target: number;
  roll: number;
  speed: number;
}

const states = new WeakMap<object, LagState>();

/** The upper lid's roll down the lid sphere from rest (rad, + closing) for a margin height. */
export function lidRollRad(upperLidMm: number): number {
  const r = LID_SPHERE_RADIUS_MM;
  const clamp = (v: number) => Math.max(-1, Math.min(1, v / r));
  return Math.asin(clamp(REST_UPPER_LID_MM)) - Math.asin(clamp(upperLidMm));
}

/**
 * How far the lashes trail the lid at scene time tMs (rad, + = the lashes are less rolled than the lid,
 * i.e. more upright), for the canvas `owner`. `hz` is the spring's (a test's unstable spring).
 */
export function lashLagRad(owner: object, tMs: number, upperLidMm: number, hz = LASH_LAG_HZ): number {
  const target = lidRollRad(upperLidMm);
  let s = states.get(owner);
  if (!s || tMs < s.tMs || tMs - s.tMs > RESET_GAP_MS) {
    s = { tMs, target, roll: target, speed: 0 };
    states.set(owner, s);
    return 0;
  }
  const steps = SUBSTEPS * Math.max(1, Math.ceil((tMs - s.tMs) / MAX_SPAN_MS - 1e-9));
  const dt = (tMs - s.tMs) / 1000 / steps;
  const w = 2 * Math.PI * hz;
  for (let i = 0; i < steps; i++) {
    // Semi-implicit Euler on a damped spring toward the lid's roll, which moves across the frame.
    const goal = s.target + ((target - s.target) * (i + 1)) / steps;
    s.speed += (-w * w * (s.roll - goal) - 2 * ZETA * w * s.speed) * dt;
    s.roll += s.speed * dt;
  }
  s.tMs = tMs;
  s.target = target;
  // (+ 0 turns a rounded −0 into 0.)
  return Math.round((target - s.roll) / LASH_LAG_QUANTUM_RAD) * LASH_LAG_QUANTUM_RAD + 0;
}

/** The lag a film draws at each of its frames (scene times and upper-lid heights, one per frame), rad. */
export function lashLagAtFrames(tMs: ArrayLike<number>, upperLidMm: ArrayLike<number>, hz = LASH_LAG_HZ): number[] {
  const owner = {};
  return Array.from({ length: tMs.length }, (_, k) => lashLagRad(owner, tMs[k], upperLidMm[k], hz));
}
