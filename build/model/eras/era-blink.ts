import type { EraId } from '../../scene/scene.ts';

/**
 * Each era's mean blink interval, seconds, between natural blink onsets (a double counted once).
 * 1970 5.5 s and 1991 6 s come from eye.md §3; the rest follow its realism table: 2000 (a locked
 * stare into a laptop; screens lower the blink rate) blinks least, tied with 1991 on its natural
 * rate but with no gaze-evoked blinks on top (its gaze makes only microsaccades, which never count);
 * 1995 blinks often and its big hops bring the most gaze-evoked blinks; 2026 is a conversation, which
 * raises the rate (Bentivoglio: ~26/min talking vs ~17/min at rest), kept 0.8 s inside the cap.
 *
 * These are the *effective* means: the generator draws an exponential whose mean is raised to make up
 * for the 0.8–12 s clamp (see `blinkExponentialMeanS`), so the interval the detector measures is the
 * configured one. The margin: every era sits in 3.8–6.0 s, at least 0.5 s inside the 3–6.5 s cap;
 * a single 10-min run of a 6 s era has a standard error of ~0.41 s (the clamped exponential's SD is
 * ~4.1 s over ~100 intervals), so a checker should pool several seeds before comparing to the cap.
 */
export const ERA_BLINK_MEAN_S: Record<EraId, number> = {
  '1970': 5.5,
  '1981': 4.5,
  '1991': 6.0,
  '1995': 4.0,
  '1997': 5.0,
  '2000': 6.0,
  '2003': 5.0,
  '2009': 5.5,
  '2013': 4.5,
  '2026': 3.8,
};

/** Blink intervals are clamped to this range (eye.md §4). */
export const BLINK_INTERVAL_MIN_S = 0.8;
export const BLINK_INTERVAL_MAX_S = 12;

/** Mean of an exponential with mean `mu` clamped to [min, max]: min + mu·(e^(−min/mu) − e^(−max/mu)). */
export function clampedExponentialMeanS(mu: number, min = BLINK_INTERVAL_MIN_S, max = BLINK_INTERVAL_MAX_S): number {
  return min + mu * (Math.exp(-min / mu) - Math.exp(-max / mu));
}

/**
 * The exponential's own mean that gives an effective (clamped) mean of `effectiveS`: the clamp pulls
 * the mean down (6.5 s → ~5.5 s), so the draw's mean is raised to compensate (6 s → ~7.44 s).
 * Effective means outside what the clamp allows come out at the nearest reachable value.
 */
export function blinkExponentialMeanS(effectiveS: number): number {
  let lo = 1e-3;
  let hi = 1e4;
  for (let i = 0; i < 80; i++) {
    const mid = Math.sqrt(lo * hi);
    if (clampedExponentialMeanS(mid) < effectiveS) lo = mid;
    else hi = mid;
  }
  return Math.sqrt(lo * hi);
}
