import { calmMetrics, type CalmMetrics } from './calm-metrics.ts';
import type { Detection } from './detect.ts';
import type { DetectorParams } from './params.ts';
import type { SaccadeMethod } from './saccade-method.ts';

const round = (v: number, digits = 3): number => (Number.isFinite(v) ? Number(v.toFixed(digits)) : v);

/** What `eye measure` prints: the recording, the settings, the rates and every event, times in ms. */
export interface RecordingReport {
  samples: number;
  sampleRateHz: number;
  durationS: number;
  missingSamples: number;
  params: DetectorParams;
  saccadeDetector: {
    method: SaccadeMethod;
    sigmaDegPerS: { x: number; y: number };
    thresholdDegPerS: { x: number; y: number };
    floorApplied: boolean;
    minSamples: number;
  };
  bellDegPerClosure: number | null;
  rates: Pick<CalmMetrics, 'saccadesPerS' | 'microsaccadesPerS' | 'meanFixationMs' | 'meanBlinkIntervalS'> & { blinksPerMin: number };
  metrics: CalmMetrics;
  events: {
    saccades: { kind: string; onsetSample: number; offsetSample: number; startMs: number; endMs: number; durationMs: number; amplitudeDeg: number; peakVelocityDegPerS: number }[];
    blinks: { startMs: number; endMs: number; closingMs: number; holdMs: number; openingMs: number; depth: number; partial: boolean; doubleSecond: boolean }[];
    fixations: { startMs: number; endMs: number; durationMs: number; xDeg: number; yDeg: number; censored: boolean }[];
  };
}

export function recordingReport(d: Detection, params: DetectorParams, method: SaccadeMethod): RecordingReport {
  const metrics = calmMetrics([d]);
  const sd = d.saccadeDetector;
  return {
    samples: d.samples,
    sampleRateHz: round(d.sampleRateHz, 2),
    durationS: round(d.durationS),
    missingSamples: d.missingSamples,
    params,
    saccadeDetector: {
      method,
      sigmaDegPerS: { x: round(sd.sigmaDegPerS.x, 4), y: round(sd.sigmaDegPerS.y, 4) },
      thresholdDegPerS: { x: round(sd.thresholdDegPerS.x, 3), y: round(sd.thresholdDegPerS.y, 3) },
      floorApplied: sd.floorApplied,
      minSamples: sd.minSamples,
    },
    bellDegPerClosure: d.bell.samples > 0 ? round(d.bell.yDegPerClosure) : null,
    rates: {
      saccadesPerS: round(metrics.saccadesPerS, 4),
      microsaccadesPerS: round(metrics.microsaccadesPerS, 4),
      blinksPerMin: round(d.durationS > 0 ? (d.blinks.length / d.durationS) * 60 : 0, 3),
      meanFixationMs: metrics.meanFixationMs === null ? null : round(metrics.meanFixationMs, 1),
      meanBlinkIntervalS: metrics.meanBlinkIntervalS === null ? null : round(metrics.meanBlinkIntervalS),
    },
    metrics,
    events: {
      saccades: d.saccades.map((s) => ({
        kind: s.kind,
        // Rows of the recording, 0-based (the reference's onset − 1): the detection run's first and last sample.
        onsetSample: s.startIndex,
        offsetSample: s.endIndex,
        startMs: round(s.startMs, 1),
        endMs: round(s.endMs, 1),
        durationMs: round(s.durationMs, 1),
        amplitudeDeg: round(s.amplitudeDeg),
        peakVelocityDegPerS: round(s.peakVelocityDegPerS, 1),
      })),
      blinks: d.blinks.map((b) => ({
        startMs: round(b.startMs, 1),
        endMs: round(b.endMs, 1),
        closingMs: round(b.closingMs, 1),
        holdMs: round(b.holdMs, 1),
        openingMs: round(b.openingMs, 1),
        depth: round(b.depth),
        partial: b.partial,
        doubleSecond: b.doubleSecond,
      })),
      fixations: d.fixations.map((f) => ({
        startMs: round(f.startMs, 1),
        endMs: round(f.endMs, 1),
        durationMs: round(f.durationMs, 1),
        xDeg: round(f.xDeg),
        yDeg: round(f.yDeg),
        censored: f.censored,
      })),
    },
  };
}
