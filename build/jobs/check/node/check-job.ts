import { performance } from 'node:perf_hooks';
import { simulate } from '../../../model/player.ts';
import type { Trace } from '../../../model/trace.ts';
import type { Scene } from '../../../scene/scene.ts';
import { detect, type Detection } from '../../../measure/detect.ts';
import { MODEL_TRACE_METHOD } from '../../../measure/saccade-method.ts';
import { filmMetrics, filmSignal, type FilmMetrics } from '../../../measure/film-metrics.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import { signalFromTrace } from '../../../measure/signal.ts';
import { traceStats, type TraceStats } from '../../../measure/trace-stats.ts';
import { scoreDetection, type DetectorAccuracy } from '../../../measure/truth-score.ts';

/** One unit of `eye check` work: one scene at one seed, simulated and measured. */
export interface CheckJob {
  scene: Scene;
  seed: number;
  durationS: number;
  params: DetectorParams;
  /** Sampling rates to detect at: 240 (the trace) and every divisor of it, e.g. 60 (every 4th sample). */
  ratesHz: number[];
  /** Also cut the run into films of `windowS` at `fps` (its frames, as a render shows them) and measure each. */
  films?: { fps: number; windowS: number };
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
  /** The films cut from the run (with `films`), in order. */
  films: FilmMetrics[];
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
    const detection = detect(signalFromTrace(trace, every), job.params, MODEL_TRACE_METHOD);
    const endMs = trace.columns.tMs[trace.columns.tMs.length - 1];
    return { hz: trace.sampleRateHz / every, detection, accuracy: scoreDetection(trace.events, detection, job.params.microMaxDeg, endMs) };
  });
  const stats = traceStats(trace);
  const films = job.films ? filmsOf(trace, job.films.fps, job.films.windowS, job.params) : [];
  const t2 = performance.now();
  return { scene: job.scene.name, seed: job.seed, byRate, stats, films, samples: trace.columns.tMs.length, simulateMs: t1 - t0, detectMs: t2 - t1 };
}

/** Consecutive films of `windowS` at `fps` cut from a run (the remainder shorter than a film is left out). */
export function filmsOf(trace: Trace, fps: number, windowS: number, params: DetectorParams): FilmMetrics[] {
  const frames = Math.round(windowS * fps);
  const out: FilmMetrics[] = [];
  const lastFrame = Math.floor(((trace.columns.tMs.length - 1) * fps) / trace.sampleRateHz);
  for (let from = 0; from + frames - 1 <= lastFrame; from += frames) out.push(filmMetrics(filmSignal(trace, fps, from, frames), params));
  return out;
}
