import type { Trace } from '../model/trace.ts';
import { stepsAtFrame } from '../model/time/clock.ts';
import { calmMetrics } from './calm-metrics.ts';
import { detect } from './detect.ts';
import { DEFAULT_PARAMS, type DetectorParams } from './params.ts';
import { median, type GazeSignal } from './signal.ts';

/** A saccade at least this large can bring a gaze-evoked blink (eye.md §4: smoothstep from 12°). */
export const LARGE_SACCADE_DEG = 12;

/**
 * What a viewer's film shows, measured from its signal alone (the model trace sampled at the film's
 * frames, or the pixel measurement of the film): the numbers a proof film is held to against its
 * era's spread (`film-spread.ts`). Counted as eye.md §10 counts them (calm-metrics.ts): saccades are
 * ≥ 0.6°, correctives included; a fixation runs between saccades; blinks per minute count episodes
 * (a double once), as the blink interval does. null: nothing to measure.
 *
 * At a film's 30 fps the detectors see a saccade (25–60 ms) in one or two frames: Engbert & Kliegl's
 * 5-sample velocity spans 133 ms there, so a saccade reads as a ~4-frame run of lower peak speed.
 * Saccades ≥ 0.6° are still found (F1 ≥ 0.98 on the model's eras, see era-spread.ts) and their
 * amplitudes hold; a microsaccade (< 0.6°, ~25 ms) often falls under the threshold, so the
 * microsaccade rate at 30 Hz undercounts (it is compared only against a spread measured the same way).
 */
export interface FilmMetrics {
  durationS: number;
  saccadesPerS: number;
  microsaccadesPerS: number;
  blinksPerMin: number;
  meanFixationMs: number | null;
  /** No saccade closed a fixation at both ends (a still eye): the mean is the censored ones', a lower bound. */
  fixationCensoredOnly: boolean;
  /** Mean interval between blink onsets, s (a double counted once); null under two blinks. */
  meanBlinkIntervalS: number | null;
  /** Blink episodes (a double once). */
  blinkEpisodes: number;
  /** Median vertical gaze over the film's usable samples, degrees (+ up). */
  medianPitchDeg: number | null;
  /** Saccades ≥ 12° per minute (the ones that can bring a gaze-evoked blink). */
  largeSaccadesPerMin: number;
}

export function filmMetrics(signal: GazeSignal, params: DetectorParams = DEFAULT_PARAMS): FilmMetrics {
  const d = detect(signal, params);
  const m = calmMetrics([d]);
  const minutes = m.durationS / 60;
  const pitch = new Float64Array(signal.yDeg.length);
  let n = 0;
  for (const s of d.segments) for (let i = s.start; i <= s.end; i++) pitch[n++] = signal.yDeg[i];
  const large = d.saccades.filter((s) => s.kind === 'saccade' && s.amplitudeDeg >= LARGE_SACCADE_DEG).length;
  return {
    durationS: m.durationS,
    saccadesPerS: m.saccadesPerS,
    microsaccadesPerS: m.microsaccadesPerS,
    blinksPerMin: minutes > 0 ? m.blinkEpisodeCount / minutes : 0,
    meanFixationMs: m.meanFixationMs,
    fixationCensoredOnly: m.fixationCensoredOnly,
    meanBlinkIntervalS: m.meanBlinkIntervalS,
    blinkEpisodes: m.blinkEpisodeCount,
    medianPitchDeg: n > 0 ? median(pitch.subarray(0, n)) : null,
    largeSaccadesPerMin: minutes > 0 ? large / minutes : 0,
  };
}

/**
 * The signal a film of `frames` frames at `fps`, starting at frame `fromFrame`, shows of a 240 Hz
 * trace: frame n draws the model after floor(n · 240 / fps) steps (model/time/clock.ts), which is
 * trace sample stepsAtFrame(n, fps). Times are the frames' own, so a window cut from a long run reads
 * like a film of its own. Throws if the trace is too short.
 */
export function filmSignal(trace: Trace, fps: number, fromFrame: number, frames: number): GazeSignal {
  const c = trace.columns;
  const last = stepsAtFrame(fromFrame + frames - 1, fps);
  if (last >= c.tMs.length) throw new Error(`the trace holds ${c.tMs.length} samples; frame ${fromFrame + frames - 1} at ${fps} fps needs sample ${last}`);
  const tMs = new Float64Array(frames);
  const xDeg = new Float64Array(frames);
  const yDeg = new Float64Array(frames);
  const apertureMm = new Float64Array(frames);
  for (let k = 0; k < frames; k++) {
    const i = stepsAtFrame(fromFrame + k, fps);
    tMs[k] = c.tMs[i];
    xDeg[k] = c.yawDeg[i];
    yDeg[k] = c.pitchDeg[i];
    apertureMm[k] = c.apertureMm[i];
  }
  return { tMs, xDeg, yDeg, apertureMm };
}
