import { Random } from '../model/random/random.ts';
import { SACCADE_MIN_DEG } from '../spec/eye-spec.ts';
import { simulate } from '../model/player.ts';
import { loadScene } from '../node/io/load-scene.ts';
import { signalFromTrace, type GazeSignal } from '../measure/signal.ts';
import { synthesize, type SyntheticSaccade } from './synthetic-gaze.ts';

/** A recording for comparing `--method ek2003` with the reference R code: a name and CSV `t_ms,x_deg,y_deg`. */
export interface ReferenceRecording {
  name: string;
  csv: string;
  /** Events the generator put in, by kind (microsaccades under SACCADE_MIN_DEG), for the rates beside the detectors'. */
  scripted: { saccades: number; microsaccades: number };
}

/**
 * Fixation recordings at 250, 500 and 1000 Hz and three tracker noise levels (0.005°, 0.02°, 0.05° RMS:
 * a good EyeLink, a typical video tracker, a poor one), 20 s each with microsaccades about 1.5/s (0.05–0.8°,
 * random directions) and a few larger saccades, seeded; and the model's own 1995-script at its 240 Hz.
 * No missing samples: the reference has no rule for them. Values to 6 decimals, so R and Node read the
 * same doubles from the same text.
 */
export function referenceRecordings(): ReferenceRecording[] {
  const out: ReferenceRecording[] = [];
  for (const hz of [250, 500, 1000]) {
    for (const noiseDeg of [0.005, 0.02, 0.05]) {
      const rng = new Random(`ek2003-reference:${hz}:${noiseDeg}`);
      const saccades: SyntheticSaccade[] = [];
      for (let t = 300 + rng.exponential(600); t < 19_500; t += 150 + rng.exponential(520)) {
        const big = rng.chance(0.1);
        const amp = big ? rng.uniform(1, 6) : rng.uniform(0.05, 0.8);
        const dir = rng.uniform(0, 2 * Math.PI);
        saccades.push({ startMs: t, dxDeg: amp * Math.cos(dir), dyDeg: amp * Math.sin(dir) });
      }
      const { signal } = synthesize({ sampleRateHz: hz, durationMs: 20_000, noiseDeg, saccades, seed: Math.round(hz + noiseDeg * 1e4) });
      const micro = saccades.filter((s) => Math.hypot(s.dxDeg, s.dyDeg) < SACCADE_MIN_DEG).length;
      out.push({ name: `synthetic-${hz}hz-noise${noiseDeg}`, csv: toCsv(signal), scripted: { saccades: saccades.length - micro, microsaccades: micro } });
    }
  }
  const trace = simulate({ ...loadScene('1995-script'), seed: 1 }, 20);
  const model = signalFromTrace(trace);
  const count = (kind: string) => trace.events.filter((e) => e.kind === kind).length;
  out.push({ name: 'model-1995-script-240hz', csv: toCsv(model), scripted: { saccades: count('saccade'), microsaccades: count('microsaccade') } });
  return out;
}

function toCsv(s: GazeSignal): string {
  const rows = ['t_ms,x_deg,y_deg'];
  for (let i = 0; i < s.tMs.length; i++) rows.push(`${s.tMs[i].toFixed(3)},${s.xDeg[i].toFixed(6)},${s.yDeg[i].toFixed(6)}`);
  return `${rows.join('\n')}\n`;
}
