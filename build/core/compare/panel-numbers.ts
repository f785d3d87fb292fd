import { calmMetrics } from '../../measure/calm-metrics.ts';
import { detect } from '../../measure/detect.ts';
import { DEFAULT_PARAMS } from '../../measure/params.ts';
import type { GazeSignal } from '../../measure/signal.ts';

/**
 * What a compare panel's label says, measured from the panel's own pixels (its film's pixel signal,
 * never its scene file): the same detectors and counting as eye.md §10 (calmMetrics). null: nothing to
 * measure (no fixation between two saccades, fewer than two blinks).
 */
export interface PanelNumbers {
  durationS: number;
  saccadesPerS: number;
  /** At a film's 30 fps many microsaccades fall under the detector (film-metrics.ts says why): a floor. */
  microsaccadesPerS: number;
  meanFixationMs: number | null;
  /** No saccade closed a fixation at both ends (a still eye): the mean is the censored ones', a lower bound. */
  fixationCensoredOnly: boolean;
  /** Mean interval between blink onsets, s (a double counted once). */
  blinkIntervalS: number | null;
  blinks: number;
}

export function panelNumbers(signal: GazeSignal): PanelNumbers {
  const m = calmMetrics([detect(signal, DEFAULT_PARAMS)]);
  return {
    durationS: m.durationS,
    saccadesPerS: m.saccadesPerS,
    microsaccadesPerS: m.microsaccadesPerS,
    meanFixationMs: m.meanFixationMs,
    fixationCensoredOnly: m.fixationCensoredOnly,
    blinkIntervalS: m.meanBlinkIntervalS,
    blinks: m.blinkEpisodeCount,
  };
}
