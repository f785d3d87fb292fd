import type { Span } from './score.ts';
import { median } from './signal.ts';

/**
 * The lid opening while the gaze holds still: the median aperture over each window, leaving out
 * samples within `padMs` of a blink or a saccade (eye.md §5's opening table, read from the trace's
 * aperture signal rather than from the twin's formula). null for a window with nothing left.
 */
export function openingInWindows(
  tMs: Float64Array,
  apertureMm: Float64Array,
  windows: readonly Span[],
  exclude: readonly Span[],
  padMs = 50,
): (number | null)[] {
  return windows.map((w) => {
    const vals: number[] = [];
    for (let i = 0; i < tMs.length; i++) {
      const t = tMs[i];
      if (t < w.startMs || t > w.endMs || Number.isNaN(apertureMm[i])) continue;
      if (exclude.some((e) => t >= e.startMs - padMs && t <= e.endMs + padMs)) continue;
      vals.push(apertureMm[i]);
    }
    return vals.length ? median(Float64Array.from(vals)) : null;
  });
}
