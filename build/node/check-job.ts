import { performance } from 'node:perf_hooks';
import { simulate } from '../model/player.ts';
import type { Scene } from '../scene/scene.ts';
import { detect, type Detection } from '../measure/detect.ts';
import type { DetectorParams } from '../measure/params.ts';
import { signalFromTrace } from '../measure/signal.ts';
import { traceStats, type TraceStats } from '../measure/trace-stats.ts';
import { scoreDetection, type DetectorAccuracy } from '../measure/truth-score.ts';

/** One unit of `eye check` work: one scene at one seed, simulated and measured. */
export interface CheckJob {
  scene: Scene;
  seed: number;
  durationS: number;
  params: DetectorParams;
  /** Sampling rates to detect at: 240 (the trace) and every divisor of it, e.g. 60 (every 4th sample). */
  ratesHz: number[];
}

export interface RateResult {
  hz: number;
  detection: Detection;
  accuracy: DetectorAccuracy;
}

export interface CheckJobResult {
  scene: string;
  seed: number;
  byRate: RateResult[];
  stats: TraceStats;
  samples: number;
  simulateMs: number;
  detectMs: number;
}

/** Simulate, then detect at each rate and score against the generator's labels. */
export function runCheckJob(job: CheckJob): CheckJobResult {
  const t0 = performance.now();
  const trace = simulate({ ...job.scene, seed: job.seed }, job.durationS);
  const t1 = performance.now();
  const byRate = job.ratesHz.map((hz) => {
    const every = Math.round(trace.sampleRateHz / hz);
    const detection = detect(signalFromTrace(trace, every), job.params);
    const endMs = trace.columns.tMs[trace.columns.tMs.length - 1];
    return { hz: trace.sampleRateHz / every, detection, accuracy: scoreDetection(trace.events, detection, job.params.microMaxDeg, endMs) };
  });
  const stats = traceStats(trace);
  const t2 = performance.now();
  return { scene: job.scene.name, seed: job.seed, byRate, stats, samples: trace.columns.tMs.length, simulateMs: t1 - t0, detectMs: t2 - t1 };
}
