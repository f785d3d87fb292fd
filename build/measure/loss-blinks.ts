import type { DetectedBlink } from './blinks.ts';

/**
 * Blinks from data loss, for recordings with no lid aperture (an EyeLink or Tobii file): while the lid
 * covers the pupil the tracker loses it, so a blink is a run of lost samples of a blink's length with
 * valid data on both sides. The method is Hershman, Henik & Cohen's (2018, "A novel blink detection
 * method based on pupillometry noise", Behav Res Methods 50:107–114): the lost run is the blink's
 * core; runs a short bridge apart are one blink; where the file gives a pupil size, onset and offset
 * are walked out from the lost run along the pupil smoothed over 10 ms, for as long as it keeps falling
 * into the loss (onset) and rising out of it (offset) — the lid's edge shrinks the pupil's image before
 * the tracker drops it. Without a pupil the edges are the lost run's own.
 */

/** Shorter losses are a tracker's dropout, not a lid: the quickest full blinks hide the pupil ~50 ms. */
export const LOSS_BLINK_MIN_MS = 50;
/** Longer losses are eyes held shut or the head out of the tracker's box, not a blink. */
export const LOSS_BLINK_MAX_MS = 500;
/**
 * Lost runs this close are one blink (a sample or two regained mid-blink). Hershman et al. bridge
 * 100 ms; 50 keeps the two blinks of a double (eye.md §4: the second within 250 ms of the first's end,
 * its loss ≥ ~100 ms after the first's) apart.
 */
export const LOSS_BLINK_BRIDGE_MS = 50;
/** Hershman et al.'s smoothing of the pupil before walking out to the edges. */
export const LOSS_BLINK_SMOOTH_MS = 10;
/** The walk out along the pupil stops here at the latest (a slow pupil drift is not the lid). */
export const LOSS_BLINK_MAX_EDGE_MS = 150;

export type LossBlink = DetectedBlink & { source: 'data-loss' };

/** Blinks from the lost samples of one trial (gaze NaN), the pupil refining their edges when given. */
export function lossBlinks(tMs: Float64Array, xDeg: Float64Array, yDeg: Float64Array, pupil: Float64Array | null, doubleMaxGapMs: number): LossBlink[] {
  const n = tMs.length;
  const lost = (i: number) => Number.isNaN(xDeg[i]) || Number.isNaN(yDeg[i]);
  const runs: [number, number][] = [];
  for (let i = 0; i < n; ) {
    if (!lost(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && lost(j + 1)) j++;
    const prev = runs[runs.length - 1];
    if (prev && tMs[i] - tMs[prev[1]] <= LOSS_BLINK_BRIDGE_MS) prev[1] = j;
    else runs.push([i, j]);
    i = j + 1;
  }
  const smooth = pupil ? smoothed(tMs, pupil, LOSS_BLINK_SMOOTH_MS) : null;
  const out: LossBlink[] = [];
  for (const [a, b] of runs) {
    // A loss at the edge of the recording may be a blink or the recording starting mid-loss: not counted.
    if (a === 0 || b === n - 1) continue;
    const lostMs = tMs[b + 1] - tMs[a];
    if (lostMs < LOSS_BLINK_MIN_MS || lostMs > LOSS_BLINK_MAX_MS) continue;
    let on = a - 1;
    let off = b + 1;
    if (smooth) {
      while (on - 1 >= 0 && !lost(on - 1) && tMs[a] - tMs[on - 1] <= LOSS_BLINK_MAX_EDGE_MS && smooth[on - 1] > smooth[on]) on--;
      while (off + 1 < n && !lost(off + 1) && tMs[off + 1] - tMs[b] <= LOSS_BLINK_MAX_EDGE_MS && smooth[off + 1] > smooth[off]) off++;
    }
    const startMs = tMs[on];
    const endMs = tMs[off];
    const last = out[out.length - 1];
    out.push({
      source: 'data-loss',
      startMs,
      endMs,
      closingMs: tMs[a] - startMs,
      holdMs: lostMs,
      openingMs: endMs - tMs[b + 1],
      depth: 1,
      partial: false,
      doubleSecond: last !== undefined && startMs - last.endMs <= doubleMaxGapMs,
      openApertureMm: NaN,
      minApertureMm: NaN,
      startIndex: on,
      endIndex: off,
      reopenedMs: endMs,
      peakIndex: (a + b) >> 1,
      spanStartIndex: on,
      spanEndIndex: off,
    });
  }
  return out;
}

/** A centred moving average over `windowMs`, lost samples left out (NaN where none is in the window). */
function smoothed(tMs: Float64Array, v: Float64Array, windowMs: number): Float64Array {
  const n = tMs.length;
  const out = new Float64Array(n);
  let lo = 0;
  let hi = -1;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    while (hi + 1 < n && tMs[hi + 1] - tMs[i] <= windowMs / 2) {
      hi++;
      if (!Number.isNaN(v[hi])) {
        sum += v[hi];
        count++;
      }
    }
    while (tMs[i] - tMs[lo] > windowMs / 2) {
      if (!Number.isNaN(v[lo])) {
        sum -= v[lo];
        count--;
      }
      lo++;
    }
    out[i] = count > 0 ? sum / count : NaN;
  }
  return out;
}
