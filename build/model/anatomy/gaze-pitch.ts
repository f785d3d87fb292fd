/**
 * The lopsided vertical range of the gaze rig (eye.md §0). Vertical rig units (1 unit = 10°) pass
 * through `gazePitchUnits` before anything turns: looking up meets a soft stop at ~8.5° (the brow's
 * bony rim and the tightening lid resist it), looking down runs on to 16°. The brow reads the raw rig
 * gaze, so the inverse is here too.
 */

/** Degrees of eye rotation per rig unit. */
export const DEG_PER_RIG_UNIT = 10;

const UP_GAIN = 0.85;
const UP_STIFFNESS = 1.4;
const UP_NORM = Math.tanh(UP_STIFFNESS);
const DOWN_GAIN = 1.6;

/** The asymptote of up-gaze in shaped units (≈ 0.96, i.e. ~9.6°): nothing looks further up. */
export const PITCH_UP_LIMIT_UNITS = UP_GAIN / UP_NORM;

/** Shaped vertical units for a raw rig y: up `0.85·tanh(1.4y)/tanh(1.4)`, down `1.6·y`. */
export function gazePitchUnits(y: number): number {
  return y >= 0 ? (UP_GAIN * Math.tanh(UP_STIFFNESS * y)) / UP_NORM : DOWN_GAIN * y;
}

/**
 * The raw rig y that shapes to `p` shaped units (the inverse of `gazePitchUnits`). Up-gaze at or past
 * the asymptote has no finite preimage; it is clamped just inside it.
 */
export function rigYFromPitchUnits(p: number): number {
  if (p < 0) return p / DOWN_GAIN;
  const r = Math.min((p * UP_NORM) / UP_GAIN, 0.999999);
  return Math.atanh(r) / UP_STIFFNESS;
}

/** Eye pitch in degrees for a raw rig y. */
export function pitchDegFromRigY(y: number): number {
  return DEG_PER_RIG_UNIT * gazePitchUnits(y);
}

/** Raw rig y for an eye pitch in degrees. */
export function rigYFromPitchDeg(pitchDeg: number): number {
  return rigYFromPitchUnits(pitchDeg / DEG_PER_RIG_UNIT);
}
