/**
 * Pupil latency to a step of light: from the stimulus to the pupil's response onset — the start of the
 * first interval after the stimulus from which the pupil keeps moving (3 intervals running) faster
 * than the threshold: three times the fastest it moved in the `baselineMs` before the stimulus
 * (hippus), and at least `minSpeedMmPerS`. null when the pupil never responded within `windowMs`.
 */
export function pupilLatencyMs(
  tMs: Float64Array,
  pupilMm: Float64Array,
  stimulusMs: number,
  { baselineMs = 500, windowMs = 2000, minSpeedMmPerS = 0.2 } = {},
): number | null {
  const speed = (i: number) => Math.abs((pupilMm[i] - pupilMm[i - 1]) / ((tMs[i] - tMs[i - 1]) / 1000));
  let base = 0;
  let first = -1;
  for (let i = 1; i < tMs.length; i++) {
    if (tMs[i] > stimulusMs - baselineMs && tMs[i] <= stimulusMs) base = Math.max(base, speed(i));
    if (first < 0 && tMs[i] > stimulusMs) first = i;
  }
  if (first < 0) return null;
  const threshold = Math.max(3 * base, minSpeedMmPerS);
  for (let i = first; i + 2 < tMs.length && tMs[i] <= stimulusMs + windowMs; i++) {
    if (speed(i) > threshold && speed(i + 1) > threshold && speed(i + 2) > threshold) return tMs[i - 1] - stimulusMs;
  }
  return null;
}
