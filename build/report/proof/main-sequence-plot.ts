import * as Plot from '@observablehq/plot';
import type { EraReport } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';

/** Saccade duration against amplitude (whole saccades as dots, cut ones as rings) with the least-squares line. */
export function mainSequencePlot(era: Pick<EraReport, 'saccades' | 'mainSequence'>): string {
  const fit = era.mainSequence;
  const maxDeg = Math.max(1, ...era.saccades.map((s) => s.amplitudeDeg));
  const line = Number.isFinite(fit.slope)
    ? [
        { deg: 0, ms: fit.intercept },
        { deg: maxDeg, ms: fit.intercept + fit.slope * maxDeg },
      ]
    : [];
  return plotSvg({
    width: S.smallWidth,
    height: S.smallHeight,
    marginLeft: S.smallMarginLeft,
    x: { label: 'amplitude (°)', domain: [0, maxDeg * 1.05] },
    y: { label: 'duration (ms)', grid: true, zero: true },
    marks: [
      Plot.dot(
        era.saccades.filter((s) => !s.truncated),
        { x: 'amplitudeDeg', y: 'durationMs', fill: (d: EraReport['saccades'][number]) => (d.kind === 'microsaccade' ? S.microsaccade : S.yaw), r: 2.5 },
      ),
      Plot.dot(
        era.saccades.filter((s) => s.truncated),
        { x: 'amplitudeDeg', y: 'durationMs', stroke: S.blink, r: 2.5 },
      ),
      Plot.line(line, { x: 'deg', y: 'ms', stroke: S.fit, strokeWidth: 1.5 }),
    ],
  });
}
