import { filmMetrics, type FilmMetrics } from '../../../measure/film-metrics.ts';
import type { GazeSignal } from '../../../measure/signal.ts';

/**
 * What a compare panel's label says, measured from the panel's own pixels (its film's pixel signal,
 * never its scene file). It is filmMetrics, the very function whose numbers `eye render` records in
 * its ledger line as `pixel.<name>` (run-render.ts), so a label and the ledger are one measurement,
 * not two copies of it.
 */
export type PanelNumbers = FilmMetrics;

/** The FilmMetrics a label shows, in its order: the ones held against the ledger's line for the panel. */
export const LABEL_METRICS = ['saccadesPerS', 'microsaccadesPerS', 'meanFixationMs', 'meanBlinkIntervalS', 'blinkEpisodes'] as const satisfies readonly (keyof FilmMetrics)[];
export type LabelMetric = (typeof LABEL_METRICS)[number];

export function panelNumbers(signal: GazeSignal): PanelNumbers {
  return filmMetrics(signal);
}
