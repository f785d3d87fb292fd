import type { GazeSignal } from './signal.ts';

/** A run of usable samples [start, end] (inclusive indices): no missing sample and no time gap inside. */
export interface Segment {
  start: number;
  end: number;
}

/**
 * Split the recording into usable runs. A sample is unusable when `missing[i]` is set or a coordinate
 * is NaN; a step in time longer than `maxGapMs` also splits (a tracker that dropped samples).
 */
export function usableSegments(signal: GazeSignal, missing: Uint8Array, maxGapMs: number): Segment[] {
  const { tMs, xDeg, yDeg } = signal;
  const out: Segment[] = [];
  let start = -1;
  for (let i = 0; i < tMs.length; i++) {
    const ok = missing[i] === 0 && Number.isFinite(xDeg[i]) && Number.isFinite(yDeg[i]) && Number.isFinite(tMs[i]);
    if (ok && start >= 0 && tMs[i] - tMs[i - 1] > maxGapMs) {
      out.push({ start, end: i - 1 });
      start = i;
    } else if (ok && start < 0) start = i;
    else if (!ok && start >= 0) {
      out.push({ start, end: i - 1 });
      start = -1;
    }
  }
  if (start >= 0) out.push({ start, end: tMs.length - 1 });
  return out;
}

/**
 * Engbert & Kliegl (2003), eq. 1: the 5-sample moving-average velocity
 *   v_n = (x_{n+2} + x_{n+1} − x_{n−1} − x_{n−2}) / (6 Δt),
 * written with the samples' own times in the denominator (t_{n+2} + t_{n+1} − t_{n−1} − t_{n−2}, which
 * is 6 Δt on a regular clock) so that slightly irregular recordings are read correctly. One sample
 * from a segment's edge the window shrinks to a central difference, so a saccade at the first or last
 * sample still shows from the second; the edge sample itself and everything outside segments has no
 * velocity (NaN). deg/s.
 */
export function velocity5(signal: GazeSignal, segments: Segment[]): { vx: Float64Array; vy: Float64Array } {
  const { tMs, xDeg, yDeg } = signal;
  const n = tMs.length;
  const vx = new Float64Array(n).fill(NaN);
  const vy = new Float64Array(n).fill(NaN);
  for (const { start, end } of segments) {
    for (let i = start; i <= end; i++) {
      // Window ends: a, b are the later samples, c, d the earlier ones.
      let a = i + 2;
      let b = i + 1;
      let c = i - 1;
      let d = i - 2;
      if (d < start || a > end) {
        // Engbert & Kliegl's own edge rule: a central difference one sample in; none at the very edge
        // (a one-sided difference there is twice as noisy and fires on noise alone).
        if (i - 1 < start || i + 1 > end) continue;
        a = b = i + 1;
        c = d = i - 1;
      }
      const dtS = (tMs[a] + tMs[b] - tMs[c] - tMs[d]) / 1000;
      vx[i] = (xDeg[a] + xDeg[b] - xDeg[c] - xDeg[d]) / dtS;
      vy[i] = (yDeg[a] + yDeg[b] - yDeg[c] - yDeg[d]) / dtS;
    }
  }
  return { vx, vy };
}
