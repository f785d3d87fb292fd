import { ek2003 } from './ek2003.ts';
import type { DetectedSaccade, SaccadeDetection } from './engbert-kliegl.ts';
import type { DetectorParams } from './params.ts';
import type { GazeSignal } from './signal.ts';
import type { Segment } from './velocity.ts';

/**
 * `--method ek2003` in the shape the rest of the measurement reads: onset and offset are the run's
 * first and last samples' times (the reference reports sample rows; nothing is interpolated), the
 * amplitude is hypot(dX, dY) of the reference's table, and there is no σ floor. `truncated` when the
 * run touches a segment's edge, as for refined.
 */
export function ek2003Saccades(signal: GazeSignal, segments: Segment[], params: DetectorParams, dtMs: number): SaccadeDetection {
  const r = ek2003(signal.xDeg, signal.yDeg, segments, { lambda: params.lambda, minSamples: params.minSamples, samplingHz: 1000 / dtMs });
  const segOf = (i: number) => segments.find((s) => s.start <= i && i <= s.end);
  const saccades = r.saccades.map((s): DetectedSaccade => {
    const amplitudeDeg = Math.hypot(s.dXDeg, s.dYDeg);
    const seg = segOf(s.onset);
    return {
      kind: amplitudeDeg < params.microMaxDeg ? 'microsaccade' : 'saccade',
      startMs: signal.tMs[s.onset],
      endMs: signal.tMs[s.offset],
      durationMs: signal.tMs[s.offset] - signal.tMs[s.onset],
      startIndex: s.onset,
      endIndex: s.offset,
      dxDeg: s.dXDeg,
      dyDeg: s.dYDeg,
      amplitudeDeg,
      peakVelocityDegPerS: s.peakVelocityDegPerS,
      truncated: !seg || s.onset <= seg.start + 1 || s.offset >= seg.end - 1,
    };
  });
  return { saccades, sigmaRawDegPerS: r.msdDegPerS, sigmaDegPerS: r.msdDegPerS, thresholdDegPerS: r.radiusDegPerS, floorApplied: false, minSamples: params.minSamples };
}
