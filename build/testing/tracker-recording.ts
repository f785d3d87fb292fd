import { Random } from '../model/random/random.ts';
import { synthesize, type SyntheticBlink, type SyntheticSaccade } from './synthetic-gaze.ts';

/**
 * One recording as an eye tracker sees it, to write in each tracker's layout (tracker-files.ts): gaze
 * in degrees, the pupil size, and the samples the tracker lost (while the lid covers more than half
 * the pupil, as a video tracker loses it). Events are scripted (synthetic-gaze.ts): saccades of
 * 0.6–10°, microsaccades of 0.15–0.5°, whole blinks, white noise; the ground truth comes with them.
 */
export interface TrackerRecording {
  rateHz: number;
  tMs: Float64Array;
  xDeg: Float64Array;
  yDeg: Float64Array;
  /** Pupil size, arbitrary units (EyeLink's area), shrinking as the lid covers it; NaN when lost. */
  pupil: Float64Array;
  lost: Uint8Array;
  saccades: SyntheticSaccade[];
  blinks: SyntheticBlink[];
}

/** The lid over more than this of the pupil: the tracker loses it. */
const LOST_CLOSURE = 0.5;

export function trackerRecording(seed: number, rateHz: number, seconds: number): TrackerRecording {
  const rng = new Random(`tracker-recording:${seed}`);
  const saccades: SyntheticSaccade[] = [];
  const blinks: SyntheticBlink[] = [];
  let x = 0;
  let y = 0;
  for (let t = 400; t < seconds * 1000 - 600; ) {
    if (rng.chance(0.12)) {
      blinks.push({ startMs: t, bellDeg: 2 });
      t += 900;
      continue;
    }
    const micro = rng.chance(0.35);
    const amp = micro ? rng.uniform(0.15, 0.5) : rng.uniform(0.8, 10);
    // Keep the gaze within ±12° so pixels stay on a screen.
    const dir = Math.atan2(-y, -x) + rng.uniform(-1.4, 1.4);
    const dx = amp * Math.cos(dir);
    const dy = amp * Math.sin(dir);
    saccades.push({ startMs: t, dxDeg: dx, dyDeg: dy });
    x += dx;
    y += dy;
    t += rng.uniform(350, 1200);
  }
  const { signal } = synthesize({ sampleRateHz: rateHz, durationMs: seconds * 1000, saccades, blinks, noiseDeg: 0.01, seed });
  const n = signal.tMs.length;
  const open = signal.apertureMm![0];
  const pupil = new Float64Array(n);
  const lost = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const closure = 1 - signal.apertureMm![i] / open;
    lost[i] = closure > LOST_CLOSURE ? 1 : 0;
    // The lid's edge hides the pupil's top: its measured area falls with the closure before it is lost.
    pupil[i] = lost[i] ? NaN : 1200 * (1 - closure) * (1 + 0.02 * Math.sin(i / 97));
  }
  return { rateHz, tMs: signal.tMs, xDeg: signal.xDeg, yDeg: signal.yDeg, pupil, lost, saccades, blinks };
}
