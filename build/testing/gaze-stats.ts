import type { TruthEvent } from '../model/types.ts';

/**
 * The calm caps counted from ground-truth gaze events, as eye.md §10 counts them: saccades are
 * movements ≥ 0.6° (correctives included), microsaccades those below; a fixation is the time between
 * saccades, microsaccades do not break it, and a corrective saccade merges with its primary.
 */
export interface GazeCapStats {
  durationS: number;
  saccades: number;
  microsaccades: number;
  saccadesPerS: number;
  microsaccadesPerS: number;
  fixations: number;
  meanFixationMs: number;
}

type SaccadeEvent = Extract<TruthEvent, { kind: 'saccade' | 'microsaccade' }>;

export function gazeCapStats(events: readonly TruthEvent[], durationS: number): GazeCapStats {
  let saccades = 0;
  let micro = 0;
  let lastEndMs = NaN;
  let fixations = 0;
  let fixSumMs = 0;
  for (const e of events) {
    if (e.kind === 'microsaccade') micro++;
    if (e.kind !== 'saccade') continue;
    saccades++;
    if (e.corrective && !Number.isNaN(lastEndMs)) {
      lastEndMs = e.endMs; // merges with its primary
      continue;
    }
    if (!Number.isNaN(lastEndMs)) {
      fixations++;
      fixSumMs += e.startMs - lastEndMs;
    }
    lastEndMs = e.endMs;
  }
  return {
    durationS,
    saccades,
    microsaccades: micro,
    saccadesPerS: saccades / durationS,
    microsaccadesPerS: micro / durationS,
    fixations,
    meanFixationMs: fixations > 0 ? fixSumMs / fixations : NaN,
  };
}

export function isSaccadeEvent(e: TruthEvent): e is SaccadeEvent {
  return e.kind === 'saccade' || e.kind === 'microsaccade';
}
