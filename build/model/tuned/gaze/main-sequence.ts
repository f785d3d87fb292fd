/**
 * Saccade kinematics (eye.md §1). Duration on the main sequence, a minimum-jerk position profile,
 * the undershoot of large saccades and the latency of their correction.
 */

/** Main sequence, Bahill 1975 / Carpenter: 2.2 ms per degree plus 21 ms. */
export const MAIN_SEQUENCE_SLOPE_MS_PER_DEG = 2.2;
export const MAIN_SEQUENCE_INTERCEPT_MS = 21;

export function saccadeDurationMs(amplitudeDeg: number): number {
  return MAIN_SEQUENCE_SLOPE_MS_PER_DEG * amplitudeDeg + MAIN_SEQUENCE_INTERCEPT_MS;
}

/** Minimum-jerk position profile (Flash & Hogan 1985): 10τ³ − 15τ⁴ + 6τ⁵, τ in [0, 1]. */
export function minimumJerk(tau: number): number {
  if (tau <= 0) return 0;
  if (tau >= 1) return 1;
  const t3 = tau * tau * tau;
  return t3 * (10 + tau * (-15 + 6 * tau));
}

/** Saccades above this land short and are corrected (Becker 1989: large saccades undershoot). */
export const UNDERSHOOT_ABOVE_DEG = 8;
/** Where an undershooting saccade lands, as a share of the intended jump. */
export const UNDERSHOOT_GAIN_MIN = 0.9;
export const UNDERSHOOT_GAIN_MAX = 0.94;
/** Corrective saccade latency after the primary lands, ms (Becker 1989). */
export const CORRECTION_LATENCY_MIN_MS = 110;
export const CORRECTION_LATENCY_MAX_MS = 170;
/** Jumps smaller than this are not made at all. */
export const MIN_JUMP_DEG = 0.05;
/** Ground truth calls a movement a saccade from SACCADE_MIN_DEG up, a microsaccade below (eye.md §10). */
export { SACCADE_MIN_DEG } from '../../../spec/eye-spec.ts';
