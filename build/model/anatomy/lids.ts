import { pitchDegFromRigY } from './gaze-pitch.ts';
import { LID_SPHERE_RADIUS_MM, REST_LOWER_LID_MM, REST_UPPER_LID_MM } from './rest.ts';

/**
 * The lid twin (eye.md §0, §5). Each margin is a point on a 13 mm sphere about the globe centre; seen
 * in the sagittal plane through the pupil it sits at an elevation angle θ and a height 13·sin θ. The
 * lids ride with the eye by turning about the globe centre:
 * - down-gaze: the upper margin turns with the eye's pitch × 0.92, the lower × 0.3;
 * - up-gaze: the upper margin's turn saturates, `cap·tanh(0.88·pitch/cap)` with cap LID_UP_CEILING
 *   (0.07 rad, ~0.9 mm of arc on the 13 mm sphere), the lower margin still rises × 0.3.
 * A blink (or any closure) then brings the margins together on a meeting line: the upper lid does most
 * of the travel and the lower lid rises a little (BLINK_MEET_FRACTION of the opening; the lower lid's
 * share of a blink is small and mostly nasal, Doane), so the opening shrinks linearly with closure:
 * aperture = (1 − closure) · open aperture.
 */
export const LID_UP_CEILING_RAD = 0.07;
const DOWN_UPPER_GAIN = 0.92;
const DOWN_LOWER_GAIN = 0.3;
const UP_UPPER_SLOPE = 0.88;
const UP_LOWER_GAIN = 0.3;
/** Where the lids meet when shut, as a fraction of the open aperture above the lower margin. */
export const BLINK_MEET_FRACTION = 0.15;

/** Full up- and down-gaze of the shaped gaze (gazePitchUnits at rig y = ±1): 8.5° up, 16° down. */
export const FULL_UP_PITCH_DEG = pitchDegFromRigY(1);
export const FULL_DOWN_PITCH_DEG = pitchDegFromRigY(-1);

const R = LID_SPHERE_RADIUS_MM;
const DEG = Math.PI / 180;
const REST_UPPER_RAD = Math.asin(REST_UPPER_LID_MM / R);
const REST_LOWER_RAD = Math.asin(REST_LOWER_LID_MM / R);

/** Lid margins in mm above the globe centre (+ up). */
export interface LidMargins {
  upperMm: number;
  lowerMm: number;
}

/** How far the upper margin turns (rad, + up) for an eye pitch (rad). */
export function upperRideRad(pitchRad: number): number {
  if (pitchRad < 0) return DOWN_UPPER_GAIN * pitchRad;
  return LID_UP_CEILING_RAD * Math.tanh((UP_UPPER_SLOPE * pitchRad) / LID_UP_CEILING_RAD);
}

/** How far the lower margin turns (rad, + up) for an eye pitch (rad). */
export function lowerRideRad(pitchRad: number): number {
  return (pitchRad < 0 ? DOWN_LOWER_GAIN : UP_LOWER_GAIN) * pitchRad;
}

/**
 * The margins for a gaze pitch (degrees, shaped, before Bell's phenomenon: the lids follow where the
 * eye looks, not the roll under a closed lid) and a lid closure 0 (open) … 1 (shut). Writes into `out`
 * so the 240 Hz loop allocates nothing.
 */
export function lidMargins(pitchDeg: number, closure: number, out: LidMargins): LidMargins {
  const p = pitchDeg * DEG;
  const upperOpen = R * Math.sin(REST_UPPER_RAD + upperRideRad(p));
  const lowerOpen = R * Math.sin(REST_LOWER_RAD + lowerRideRad(p));
  const meet = lowerOpen + BLINK_MEET_FRACTION * (upperOpen - lowerOpen);
  const c = closure <= 0 ? 0 : closure >= 1 ? 1 : closure;
  out.upperMm = upperOpen + (meet - upperOpen) * c;
  out.lowerMm = lowerOpen + (meet - lowerOpen) * c;
  return out;
}

/** Palpebral opening (mm) of an open eye at a gaze pitch (degrees). */
export function openingMm(pitchDeg: number): number {
  const m = lidMargins(pitchDeg, 0, { upperMm: 0, lowerMm: 0 });
  return m.upperMm - m.lowerMm;
}

/** The twin's opening table (eye.md §5, §10): rest ~10.65, full up-gaze ~10.9, full down-gaze ~8.4 mm. */
export interface OpeningTable {
  restMm: number;
  upMm: number;
  downMm: number;
}

export function openingTable(): OpeningTable {
  return { restMm: openingMm(0), upMm: openingMm(FULL_UP_PITCH_DEG), downMm: openingMm(FULL_DOWN_PITCH_DEG) };
}
