import type { Assertion } from '../measure/caps.ts';
import { SPREAD_HIGH_PERCENTILE, SPREAD_LOW_PERCENTILE, SPREAD_TOLERANCE, type SpreadMetric } from '../measure/film-spread.ts';
import type { FilmCheck } from './era-spread.ts';
import { formatValue } from './check-report.ts';

const NAMES: Record<SpreadMetric, { name: string; unit: string }> = {
  saccadesPerS: { name: 'saccades per second', unit: '/s' },
  blinksPerMin: { name: 'blinks per minute', unit: '/min' },
  meanFixationMs: { name: 'mean fixation', unit: 'ms' },
  medianPitchDeg: { name: 'median pitch', unit: '°' },
  largeSaccadesPerMin: { name: 'saccades ≥ 12° per minute', unit: '/min' },
};

/**
 * A proof film's numbers as assertions: each inside its spread's 10th–90th percentiles (pipeline.md).
 * A number that cannot be measured (no spread, or nothing in the film to count) is reported and passes.
 */
export function filmAssertions(f: FilmCheck): Assertion[] {
  const s = f.spread;
  const over = s.plan.method === 'windows' ? `${s.films} ${s.plan.windowS}-s windows` : `${s.films} seeds`;
  return f.verdicts.map((v) => {
    const { name, unit } = NAMES[v.metric];
    const measurable = v.pass !== null && v.p10 !== null && v.p90 !== null;
    return {
      scene: f.scene,
      name: `proof film: ${name}`,
      metric: `film.${v.metric}`,
      value: v.value,
      cap: measurable ? { min: v.p10! - SPREAD_TOLERANCE[v.metric], max: v.p90! + SPREAD_TOLERANCE[v.metric] } : {},
      capText: measurable
        ? `p${SPREAD_LOW_PERCENTILE}–p${SPREAD_HIGH_PERCENTILE} ${formatValue(v.p10)}–${formatValue(v.p90)} ${unit}${SPREAD_TOLERANCE[v.metric] > 0 ? ` ± ${SPREAD_TOLERANCE[v.metric]}` : ''}`
        : 'not measurable',
      pass: v.pass !== false,
      note: `seed ${f.seed}, ${f.metrics.durationS.toFixed(0)} s at ${s.plan.fps} fps, against ${over}`,
    };
  });
}
