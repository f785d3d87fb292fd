import { performance } from 'node:perf_hooks';
import { simulate } from '../../../model/player.ts';
import type { Scene } from '../../../scene/scene.ts';
import { detect } from '../../../measure/detect.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import { signalFromTrace } from '../../../measure/signal.ts';

export interface DetectorBench {
  scene: string;
  samples: number;
  repeats: number;
  /** Best of the repeats, ms, for every detector on the whole 240 Hz recording. */
  detectMs: number;
  samplesPerS: number;
  /** Scene seconds simulated per wall second while making the recording. */
  simulatedSecondsPerS: number;
}

/** Time the detectors alone on one 10-minute 240 Hz recording of `scene` (best of three, after a warm-up). */
export function benchDetectors(scene: Scene, params: DetectorParams, minutes = 10, repeats = 3): DetectorBench {
  const t0 = performance.now();
  const trace = simulate(scene, minutes * 60);
  const simulateMs = performance.now() - t0;
  const signal = signalFromTrace(trace);
  detect(signal, params);
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    detect(signal, params);
    best = Math.min(best, performance.now() - t);
  }
  const samples = signal.tMs.length;
  return { scene: scene.name, samples, repeats, detectMs: best, samplesPerS: samples / (best / 1000), simulatedSecondsPerS: (minutes * 60) / (simulateMs / 1000) };
}
