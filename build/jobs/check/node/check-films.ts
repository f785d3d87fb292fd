import { browBeatAssertions } from '../../../measure/face/film-brow-beat.ts';
import type { Assertion } from '../../../measure/caps.ts';
import { SPREAD_HIGH_PERCENTILE, SPREAD_LOW_PERCENTILE, SPREAD_TOLERANCE, type SpreadMetric, type SpreadVerdict } from '../../../measure/film-spread.ts';
import type { EraSpread, FilmCheck } from './era-spread.ts';
import { formatValue } from '../../../report/table.ts';

const NAMES: Record<SpreadMetric, { name: string; unit: string }> = {
  saccadesPerS: { name: 'saccades per second', unit: '/s' },
  blinksPerMin: { name: 'blinks per minute', unit: '/min' },
  meanFixationMs: { name: 'mean fixation', unit: 'ms' },
  medianPitchDeg: { name: 'median pitch', unit: '°' },
  largeSaccadesPerMin: { name: 'saccades ≥ 12° per minute', unit: '/min' },
};

/** What a spread was taken over, in words. */
export function spreadOver(s: EraSpread): string {
  return s.plan.method === 'windows' ? `${s.films} ${s.plan.windowS}-s windows` : `${s.films} seeds`;
}

/**
 * A film's numbers as assertions: each inside its spread's 10th–90th percentiles (pipeline.md),
 * widened by the metric's tolerance. A number that cannot be measured (no spread, or nothing in the
 * film to count) is reported and passes. `eye check` holds the model's film of a scene to it, `eye
 * render` the pixel-measured film (pixel-proof.ts).
 */
export function spreadAssertions(scene: string, verdicts: readonly SpreadVerdict[], label: string, note: string): Assertion[] {
  return verdicts.map((v) => {
    const { name, unit } = NAMES[v.metric];
    const measurable = v.pass !== null && v.p10 !== null && v.p90 !== null;
    return {
      scene,
      name: `${label}: ${name}`,
      metric: `film.${v.metric}`,
      value: v.value,
      cap: measurable ? { min: v.p10! - SPREAD_TOLERANCE[v.metric], max: v.p90! + SPREAD_TOLERANCE[v.metric] } : {},
      capText: measurable
        ? `p${SPREAD_LOW_PERCENTILE}–p${SPREAD_HIGH_PERCENTILE} ${formatValue(v.p10)}–${formatValue(v.p90)} ${unit}${SPREAD_TOLERANCE[v.metric] > 0 ? ` ± ${SPREAD_TOLERANCE[v.metric]}` : ''}`
        : 'not measurable',
      pass: v.pass !== false,
      note,
    };
  });
}

/** A proof film's model-side numbers (eye check) as assertions. */
export function filmAssertions(f: FilmCheck): Assertion[] {
  const film = `seed ${f.seed}, ${f.metrics.durationS.toFixed(0)} s at ${f.spread.plan.fps} fps`;
  return [...spreadAssertions(f.scene, f.verdicts, 'proof film', `${film}, against ${spreadOver(f.spread)}`), ...browBeatAssertions(f.scene, f.browBeat, 'proof film', `${film}, the model read at the film's frames`)];
}
