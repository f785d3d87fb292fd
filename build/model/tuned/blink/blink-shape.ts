/**
 * A blink's closure over time (eye.md §4, R13): 70 ms closing, 40 ms held at its depth, 190 ms opening
 * nine tenths of the way, then the last tenth creeping open over a further 0.4 s. Blinks snap shut
 * and open slowly (Evinger: the down phase is ~2–3× faster than the up phase).
 *
 * Each phase eases with a smoothstep so the lid has no velocity jump where phases join; the closing
 * phase reaches the depth exactly at 70 ms and the main opening reaches a tenth of it at 300 ms.
 */
export const BLINK_CLOSE_MS = 70;
export const BLINK_HOLD_MS = 40;
export const BLINK_OPEN_MS = 190;
export const BLINK_CREEP_MS = 400;
/** The share of the opening left for the creep. */
export const BLINK_CREEP_FRACTION = 0.1;
export const BLINK_MAIN_MS = BLINK_CLOSE_MS + BLINK_HOLD_MS + BLINK_OPEN_MS;
export const BLINK_TOTAL_MS = BLINK_MAIN_MS + BLINK_CREEP_MS;

function smooth(x: number): number {
  return x * x * (3 - 2 * x);
}

/** Closure of a blink of the given depth (0..1) at `ms` after its onset; 0 before and after. */
export function blinkClosure(ms: number, depth: number): number {
  if (ms <= 0 || ms >= BLINK_TOTAL_MS) return 0;
  if (ms < BLINK_CLOSE_MS) return depth * smooth(ms / BLINK_CLOSE_MS);
  if (ms < BLINK_CLOSE_MS + BLINK_HOLD_MS) return depth;
  if (ms < BLINK_MAIN_MS) {
    const u = smooth((ms - BLINK_CLOSE_MS - BLINK_HOLD_MS) / BLINK_OPEN_MS);
    return depth * (1 - (1 - BLINK_CREEP_FRACTION) * u);
  }
  // The creep eases in and out too, so the lid never jolts where the phases meet.
  return depth * BLINK_CREEP_FRACTION * (1 - smooth((ms - BLINK_MAIN_MS) / BLINK_CREEP_MS));
}
