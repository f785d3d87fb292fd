import type { Span } from './score.ts';

/**
 * Smooth-pursuit gain (the slow phase's eye velocity over the target's): Σ eye displacement over
 * Σ target displacement, sample to sample, inside the glide windows, leaving out every sample within
 * `padMs` of a saccade or a blink (catch-up saccades are not pursuit) and missing samples. The sign
 * follows the target, so a glide in either direction counts. null when nothing was left to count.
 */
export function pursuitGain(
  tMs: Float64Array,
  eyeDeg: Float64Array,
  targetDeg: Float64Array,
  windows: readonly Span[],
  exclude: readonly Span[],
  padMs = 20,
): { gain: number | null; samples: number } {
  let eye = 0;
  let target = 0;
  let samples = 0;
  let k = 0;
  const sorted = [...exclude].sort((a, b) => a.startMs - b.startMs);
  for (let i = 1; i < tMs.length; i++) {
    const t = tMs[i];
    if (!windows.some((w) => t > w.startMs && t <= w.endMs)) continue;
    while (k < sorted.length && sorted[k].endMs + padMs < tMs[i - 1]) k++;
    let near = false;
    for (let j = k; j < sorted.length && sorted[j].startMs - padMs <= t; j++) if (sorted[j].endMs + padMs >= tMs[i - 1]) near = true;
    const de = eyeDeg[i] - eyeDeg[i - 1];
    const dt = targetDeg[i] - targetDeg[i - 1];
    if (near || Number.isNaN(de) || Number.isNaN(dt)) continue;
    const sign = Math.sign(dt);
    eye += sign * de;
    target += sign * dt;
    samples++;
  }
  return { gain: target > 0 ? eye / target : null, samples };
}
