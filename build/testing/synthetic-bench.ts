import { Random } from '../model/random/random.ts';
import type { TruthEvent } from '../model/types.ts';
import { detect, type Detection } from '../measure/detect.ts';
import { detectorParams, type DetectorParams } from '../measure/params.ts';
import type { SaccadeMethod } from '../measure/saccade-method.ts';
import type { GazeSignal } from '../measure/signal.ts';
import { scoreDetection, type DetectorAccuracy } from '../measure/truth-score.ts';
import { synthesize, type SyntheticSaccade } from './synthetic-gaze.ts';

/** The synthetic bench's grid: the rates trackers record at and their position noise (RMS °, per axis). */
export const BENCH_RATES_HZ = [250, 500, 1000] as const;
export const BENCH_NOISES_DEG = [0.005, 0.01, 0.02, 0.03, 0.05] as const;
const BENCH_DURATION_MS = 60_000;

/** One bench recording: the gaze (no aperture, as the reference recordings) and what was put in. */
export interface BenchRecording {
  hz: number;
  noiseDeg: number;
  signal: GazeSignal;
  truth: TruthEvent[];
}

/**
 * A fixation recording with known events: microsaccades about 1.2/s (0.1–0.6°, the range the
 * literature's microsaccades span, amplitudes uniform), saccades about 0.4/s (1–10°, a third of them
 * 1.0–2.2°, the small saccades a tracker's noise hides first), random directions, minimum-jerk on the
 * main sequence, at least 150 ms apart, white position noise. Seeded by rate and noise. No drift: the
 * σ formulas (`paperSigma`) differ only under drift, so that switch changes nothing here.
 */
export function benchRecording(hz: number, noiseDeg: number, durationMs = BENCH_DURATION_MS): BenchRecording {
  const rng = new Random(`synthetic-bench:${hz}:${noiseDeg}`);
  const saccades: SyntheticSaccade[] = [];
  for (let t = 300 + rng.exponential(400); t < durationMs - 1500; t += 150 + rng.exponential(470)) {
    const big = rng.chance(0.25);
    const amp = !big ? rng.uniform(0.1, 0.6) : rng.chance(1 / 3) ? rng.uniform(1, 2.2) : rng.uniform(2.2, 10);
    const dir = rng.uniform(0, 2 * Math.PI);
    saccades.push({ startMs: t, dxDeg: amp * Math.cos(dir), dyDeg: amp * Math.sin(dir) });
  }
  const { signal, truth } = synthesize({ sampleRateHz: hz, durationMs, noiseDeg, saccades, seed: Math.round(hz * 1e3 + noiseDeg * 1e4) });
  return { hz, noiseDeg, signal: { tMs: signal.tMs, xDeg: signal.xDeg, yDeg: signal.yDeg, apertureMm: null }, truth };
}

/** A detector setting on the bench: a method and parameters over the defaults. */
export interface BenchMethod {
  label: string;
  method: SaccadeMethod;
  params: Partial<DetectorParams>;
}

/** ek2003 (eye measure's default), refined at its defaults, and refined with each switch off, then all. */
export const BENCH_METHODS: BenchMethod[] = [
  { label: 'ek2003 (default)', method: 'ek2003', params: {} },
  { label: 'refined', method: 'refined', params: {} },
  { label: 'refined --min-duration-first-to-last off', method: 'refined', params: { minDurationFirstToLast: false } },
  { label: 'refined --edge-duration-test off', method: 'refined', params: { edgeDurationTest: false } },
  { label: 'refined --noise-floor-deg 0', method: 'refined', params: { noiseFloorDeg: 0 } },
  { label: 'refined --paper-sigma off', method: 'refined', params: { paperSigma: false } },
  { label: 'refined, all four off', method: 'refined', params: { minDurationFirstToLast: false, edgeDurationTest: false, noiseFloorDeg: 0, paperSigma: false } },
];

export interface BenchRow {
  hz: number;
  noiseDeg: number;
  label: string;
  accuracy: DetectorAccuracy;
  detection: Detection;
}

/** Every method on one recording, scored against its truth (truth-score.ts: per class, one-to-one by overlap). */
export function benchOne(rec: BenchRecording, methods: BenchMethod[] = BENCH_METHODS): BenchRow[] {
  const endMs = rec.signal.tMs[rec.signal.tMs.length - 1];
  return methods.map((m) => {
    const params = detectorParams(m.params);
    const detection = detect(rec.signal, params, m.method);
    return { hz: rec.hz, noiseDeg: rec.noiseDeg, label: m.label, accuracy: scoreDetection(rec.truth, detection, params.microMaxDeg, endMs), detection };
  });
}
