import { calmMetrics } from './calm-metrics.ts';
import { detect, type Detection } from './detect.ts';
import type { FormatInfo, Marker, ReadRecording, TrackerEvent } from './formats/layout.ts';
import { lossBlinks } from './loss-blinks.ts';
import type { DetectorParams } from './params.ts';
import { recordingReport, type RecordingReport } from './recording-report.ts';
import type { SaccadeMethod } from './saccade-method.ts';
import type { GazeSignal } from './signal.ts';

/** Where a blink was seen: the lid's aperture signal, or the tracker losing the pupil. */
export type BlinkSource = 'aperture' | 'data-loss';

/** Counts as the table of formats shows them. */
export interface EventCounts {
  saccades: number;
  microsaccades: number;
  blinks: number;
  blinksFromDataLoss: number;
}

export interface TrialResult {
  trial: string;
  samples: number;
  durationS: number;
  counts: EventCounts;
  rates: RecordingReport['rates'];
  saccadeDetector: RecordingReport['saccadeDetector'];
}

/**
 * `eye measure`'s report of a recording in any layout: ours, then the tracker's own events beside them.
 * With several trials the counts, rates and metrics are pooled, the events carry their trial, and the
 * sampling rate and saccadeDetector shown at the top are the first trial's (each trial's in `trials`).
 */
export type MeasuredRecording = Omit<RecordingReport, 'events'> & {
  format: FormatInfo;
  counts: EventCounts;
  events: Omit<RecordingReport['events'], 'blinks' | 'saccades'> & {
    saccades: (RecordingReport['events']['saccades'][number] & { trial?: string })[];
    blinks: (RecordingReport['events']['blinks'][number] & { source: BlinkSource; trial?: string })[];
  };
  trackerEvents: { counts: { blinks: number; saccades: number; saccadesAroundBlinks: number; fixations: number }; events: TrackerEvent[] } | null;
  markers: { count: number; shown: Marker[] } | null;
  trials: TrialResult[] | null;
};

/** One trial's samples (views, no copy). */
function part(s: GazeSignal, start: number, end: number): GazeSignal {
  return { tMs: s.tMs.subarray(start, end), xDeg: s.xDeg.subarray(start, end), yDeg: s.yDeg.subarray(start, end), apertureMm: s.apertureMm ? s.apertureMm.subarray(start, end) : null };
}

/**
 * Measure a recording: each trial on its own (its own σ, as the reference measures a trial), pooled
 * over the trials (counts and durations add; rates are per second recorded). Blinks come from the
 * aperture when the file has one, else from data loss (loss-blinks.ts), each saying which.
 */
export function measureRecording(read: ReadRecording, params: DetectorParams, method: SaccadeMethod): MeasuredRecording {
  const s = read.signal;
  const spans = read.trials ?? [{ label: '1', start: 0, end: s.tMs.length }];
  const detections: Detection[] = [];
  const sources: BlinkSource[][] = [];
  for (const tr of spans) {
    const sig = part(s, tr.start, tr.end);
    const d = detect(sig, params, method);
    if (sig.apertureMm === null) {
      d.blinks = lossBlinks(sig.tMs, sig.xDeg, sig.yDeg, read.pupil ? read.pupil.subarray(tr.start, tr.end) : null, params.doubleMaxGapMs);
      sources.push(d.blinks.map(() => 'data-loss'));
    } else sources.push(d.blinks.map(() => 'aperture'));
    detections.push(d);
  }
  const reports = detections.map((d) => recordingReport(d, params, method));
  const counts = (r: RecordingReport, src: BlinkSource[]): EventCounts => ({
    saccades: r.events.saccades.filter((e) => e.kind === 'saccade').length,
    microsaccades: r.events.saccades.filter((e) => e.kind === 'microsaccade').length,
    blinks: r.events.blinks.length,
    blinksFromDataLoss: src.filter((x) => x === 'data-loss').length,
  });
  const several = spans.length > 1;
  const label = (k: number) => (several ? { trial: spans[k].label } : {});
  const first = reports[0];
  const metrics = calmMetrics(detections);
  const durationS = reports.reduce((a, r) => a + r.durationS, 0);
  const pooledCounts = reports.map((r, k) => counts(r, sources[k])).reduce((a, c) => ({
    saccades: a.saccades + c.saccades,
    microsaccades: a.microsaccades + c.microsaccades,
    blinks: a.blinks + c.blinks,
    blinksFromDataLoss: a.blinksFromDataLoss + c.blinksFromDataLoss,
  }));
  const round = (v: number, digits: number) => Number(v.toFixed(digits));
  const tracker = trackerSummary(read.trackerEvents, read.format.layout === 'eyelink-asc');
  return {
    ...first,
    samples: reports.reduce((a, r) => a + r.samples, 0),
    durationS: round(durationS, 3),
    missingSamples: reports.reduce((a, r) => a + r.missingSamples, 0),
    rates: several
      ? {
          saccadesPerS: round(metrics.saccadesPerS, 4),
          microsaccadesPerS: round(metrics.microsaccadesPerS, 4),
          blinksPerMin: round(durationS > 0 ? (pooledCounts.blinks / durationS) * 60 : 0, 3),
          meanFixationMs: metrics.meanFixationMs === null ? null : round(metrics.meanFixationMs, 1),
          meanBlinkIntervalS: metrics.meanBlinkIntervalS === null ? null : round(metrics.meanBlinkIntervalS, 3),
        }
      : first.rates,
    metrics: several ? metrics : first.metrics,
    format: read.format,
    counts: pooledCounts,
    events: {
      saccades: reports.flatMap((r, k) => r.events.saccades.map((e) => ({ ...e, ...label(k) }))),
      blinks: reports.flatMap((r, k) => r.events.blinks.map((e, i) => ({ ...e, source: sources[k][i], ...label(k) }))),
      fixations: reports.flatMap((r) => r.events.fixations),
    },
    trackerEvents: tracker,
    markers: read.markerCount > 0 ? { count: read.markerCount, shown: read.markers } : null,
    trials: several
      ? reports.map((r, k) => ({ trial: spans[k].label, samples: r.samples, durationS: r.durationS, counts: counts(r, sources[k]), rates: r.rates, saccadeDetector: r.saccadeDetector }))
      : null,
  };
}

function trackerSummary(events: TrackerEvent[], asc: boolean): MeasuredRecording['trackerEvents'] {
  if (!asc && events.length === 0) return null;
  const saccades = events.filter((e) => e.kind === 'saccade');
  const around = saccades.filter((e) => e.aroundBlink).length;
  return {
    counts: { blinks: events.filter((e) => e.kind === 'blink').length, saccades: saccades.length - around, saccadesAroundBlinks: around, fixations: events.filter((e) => e.kind === 'fixation').length },
    events: events.filter((e) => e.kind !== 'fixation').slice(0, 5000),
  };
}
