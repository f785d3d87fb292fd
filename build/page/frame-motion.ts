import { BROW_NODE_FIELDS, type EyeSample } from '../model/types.ts';

/**
 * What counts as motion between two display frames, read from the model's samples (eye.md §8: saccades,
 * blinks and cuts count as motion, so they always draw). Speeds are averaged over the frame interval.
 * The thresholds sit above what a calm, still eye does anyway and below the smallest movement that must
 * be drawn: measured over 120 s of 2026-rest, 2000-, 1970- and 1995-script with no pointer, one 60 Hz
 * frame at a time (build/page/frame-motion.test.ts holds the numbers to the model).
 */
export type MotionReason = 'cut' | 'blink' | 'gaze' | 'lids' | 'wobble' | 'brow';

/**
 * Fixational drift alone moves the gaze 1.5°/s (median) and 3.9°/s (99th percentile) over a frame;
 * a saccade's frames run tens to hundreds of °/s, and every microsaccade of 0.2° or more has a frame
 * above 7.5°/s. A smaller one (≤ ~1 px at 1440×900) may miss it: it then shows on the next of the
 * one-in-three frames, at most 2 display frames late.
 */
export const GAZE_MOVING_DEG_PER_S = 6;
/**
 * Outside blinks the lids only ride the drifting gaze: 0.1 mm/s (median), 0.4–0.65 mm/s (99th
 * percentile); a blink runs to 200+ mm/s and lids that a feeling moves (a startle, a wince) are mm/s too.
 */
export const LIDS_MOVING_MM_PER_S = 2;
/**
 * The iris's post-saccade ring (9 Hz) at this speed is ~0.01 mm of amplitude, a third of a pixel at
 * 1440×900 (36 px/mm): below it the ring is over, above it the ring is drawn at full rate.
 */
export const WOBBLE_MOVING_MM_PER_S = 0.5;
/**
 * At rest the brow is still (0 mm/s); a feeling's shape travels at mm/s. Half a mm/s is ~1 px per
 * throttled frame (50 ms) at 1440×900.
 */
export const BROW_MOVING_MM_PER_S = 0.5;

/**
 * Why the frame from `prev` to `cur` counts as motion, or null when the eye held still. `cutInProgress`
 * comes from the stage (a cut's lid closure or an era change inside the interval). The pupil is left
 * out on purpose: hippus never stops, and at ≤ 0.17 mm/s it moves under a third of a pixel per
 * throttled frame.
 */
export function frameMotion(prev: EyeSample, cur: EyeSample, cutInProgress: boolean): MotionReason | null {
  if (cutInProgress) return 'cut';
  // Any blink in progress, including its slow final creep (a closure, not a speed, so it never slips under a threshold).
  if (cur.blinkClosure > 0 || prev.blinkClosure > 0) return 'blink';
  const dtS = (cur.tMs - prev.tMs) / 1000;
  if (!(dtS > 0)) return null;
  if (Math.hypot(cur.yawDeg - prev.yawDeg, cur.pitchDeg - prev.pitchDeg) / dtS > GAZE_MOVING_DEG_PER_S) return 'gaze';
  if (Math.abs(cur.apertureMm - prev.apertureMm) / dtS > LIDS_MOVING_MM_PER_S) return 'lids';
  if (Math.abs(cur.upperLidMm - prev.upperLidMm) / dtS > LIDS_MOVING_MM_PER_S) return 'lids';
  if (Math.hypot(cur.wobbleXMm - prev.wobbleXMm, cur.wobbleYMm - prev.wobbleYMm) / dtS > WOBBLE_MOVING_MM_PER_S) return 'wobble';
  // Node by node: a shape that tilts along the brow (the gaze turning sideways) can leave the mean still.
  for (const f of BROW_NODE_FIELDS) if (Math.abs(cur[f] - prev[f]) / dtS > BROW_MOVING_MM_PER_S) return 'brow';
  return null;
}
