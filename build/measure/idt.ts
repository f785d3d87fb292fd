import type { Fixation } from './fixations.ts';
import type { DetectorParams } from './params.ts';
import type { GazeSignal } from './signal.ts';
import type { Segment } from './velocity.ts';

/**
 * I-DT, dispersion-threshold fixations (Salvucci & Goldberg 2000, "Identifying fixations and saccades
 * in eye-tracking protocols", ETRA): a window of at least the minimum duration whose dispersion
 * D = (max x − min x) + (max y − min y) stays under the threshold is a fixation, grown while it does;
 * otherwise the window's start moves on one sample. A cross-check of the I-VT count: it knows nothing
 * of velocity. Windows never span missing data, so fixations touching a gap or the recording's edge
 * are censored.
 */
export function idtFixations(signal: GazeSignal, segments: Segment[], params: DetectorParams): Fixation[] {
  const { tMs, xDeg, yDeg } = signal;
  const out: Fixation[] = [];
  for (const seg of segments) {
    let start = seg.start;
    while (start <= seg.end) {
      // The smallest window covering the minimum duration.
      let end = start;
      while (end <= seg.end && tMs[end] - tMs[start] < params.idtMinDurationMs) end++;
      if (end > seg.end) break;
      let minX = Infinity;
      let maxX = -Infinity;
      let minY = Infinity;
      let maxY = -Infinity;
      for (let i = start; i <= end; i++) {
        minX = Math.min(minX, xDeg[i]);
        maxX = Math.max(maxX, xDeg[i]);
        minY = Math.min(minY, yDeg[i]);
        maxY = Math.max(maxY, yDeg[i]);
      }
      if (maxX - minX + (maxY - minY) > params.idtDispersionDeg) {
        start++;
        continue;
      }
      while (end + 1 <= seg.end) {
        const nx0 = Math.min(minX, xDeg[end + 1]);
        const nx1 = Math.max(maxX, xDeg[end + 1]);
        const ny0 = Math.min(minY, yDeg[end + 1]);
        const ny1 = Math.max(maxY, yDeg[end + 1]);
        if (nx1 - nx0 + (ny1 - ny0) > params.idtDispersionDeg) break;
        [minX, maxX, minY, maxY] = [nx0, nx1, ny0, ny1];
        end++;
      }
      let x = 0;
      let y = 0;
      for (let i = start; i <= end; i++) {
        x += xDeg[i];
        y += yDeg[i];
      }
      const m = end - start + 1;
      out.push({
        startMs: tMs[start],
        endMs: tMs[end],
        durationMs: tMs[end] - tMs[start],
        xDeg: x / m,
        yDeg: y / m,
        censored: start === seg.start || end === seg.end,
      });
      start = end + 1;
    }
  }
  return out;
}
