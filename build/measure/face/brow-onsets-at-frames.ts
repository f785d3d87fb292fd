import type { Span } from '../score.ts';

/** One landing the brow answered in a film: each node's onset after it, head → tail, ms (sub-frame; negative: it moved before the eye landed). */
export interface FrameBrowAnswer {
  landingMs: number;
  nodeDelaysMs: number[];
  /** How far each node moved from its starting height within `withinMs` of the landing, mm. */
  nodeReachMm: number[];
}

export interface FrameBrowOptions {
  /** A node has begun to move once it is this far from where it was when the saccade began, mm. */
  thresholdMm: number;
  /** The whole chain must have stayed within half the threshold of those heights this long before the saccade, ms. */
  quietBeforeMs: number;
  /** A node that has not crossed the threshold this long after the landing did not answer it, ms. */
  withinMs: number;
  /**
   * Only clear answers are read: the head must move at least this far within `withinMs` of the
   * landing, mm (a crossing of a small answer comes late: a spring from rest takes ~20 ms to move a
   * tenth of its step).
   */
  minAnswerMm: number;
}

/**
 * The brow's beat after each landing as a film shows it (eye.md §7, issue 10): node heights read once
 * a frame (the pixel path's per-node brow rise, or the model's node columns picked at the same frames),
 * saccades (start → landing) from the detector at the film rate. For each saccade before which the
 * chain was still (within half the threshold of its heights at the saccade's start) for
 * `quietBeforeMs`, a node's onset is where its distance from that height first reaches `thresholdMm`,
 * interpolated linearly between the two frames either side of the crossing (a film's 33 ms frames
 * would otherwise quantise a 100–140 ms beat to four values), and its delay is counted from the
 * landing. The search starts at the saccade's start, so a brow that does not wait out the saccade
 * reads as the early answer it is. A saccade where any node is unreadable (NaN) or does not cross
 * within `withinMs` of the landing, or whose head moves less than `minAnswerMm`, is left out.
 *
 * A threshold crossing comes a little after the first motion (a spring from rest moves as t²): with
 * a threshold of a few hundredths of a mm that is ~5–15 ms for the brow's usual 0.2–1 mm answers.
 */
export function browOnsetsAtFrames(tMs: ArrayLike<number>, nodes: readonly ArrayLike<number>[], saccades: readonly Span[], o: FrameBrowOptions): FrameBrowAnswer[] {
  const out: FrameBrowAnswer[] = [];
  const n = tMs.length;
  let j = 0;
  for (const { startMs, endMs } of saccades) {
    // The last frame at or before the saccade's start: the heights the brow starts from.
    while (j + 1 < n && tMs[j + 1] <= startMs) j++;
    if (tMs[j] > startMs) continue;
    const base = nodes.map((c) => c[j]);
    if (base.some((b) => !Number.isFinite(b))) continue;
    const off = (k: number, m: number) => Math.abs(nodes[k][m] - base[k]);
    let quiet = true;
    for (let m = j - 1; m >= 0 && tMs[m] >= startMs - o.quietBeforeMs; m--) {
      if (nodes.some((_, k) => !(off(k, m) < o.thresholdMm / 2))) quiet = false;
    }
    if (!quiet) continue;
    const reach = nodes.map((_, k) => {
      let r = 0;
      for (let q = j + 1; q < n && tMs[q] <= endMs + o.withinMs; q++) r = Math.max(r, off(k, q));
      return r;
    });
    if (!(reach[0] >= o.minAnswerMm)) continue;
    const delays: number[] = [];
    for (let k = 0; k < nodes.length; k++) {
      let q = j + 1;
      while (q < n && tMs[q] <= endMs + o.withinMs && off(k, q) < o.thresholdMm) q++;
      if (q >= n || tMs[q] > endMs + o.withinMs || !Number.isFinite(off(k, q))) break;
      const d0 = off(k, q - 1);
      const d1 = off(k, q);
      const f = d1 > d0 ? (o.thresholdMm - d0) / (d1 - d0) : 1;
      delays.push(tMs[q - 1] + f * (tMs[q] - tMs[q - 1]) - endMs);
    }
    if (delays.length === nodes.length) out.push({ landingMs: endMs, nodeDelaysMs: delays, nodeReachMm: reach });
  }
  return out;
}
