import * as Plot from '@observablehq/plot';
import type { EraReport } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';

/** Gaze yaw and pitch over the film, the detected saccades (amber) and microsaccades (violet) as bands. */
export function gazePlot(era: Pick<EraReport, 'signal' | 'saccades' | 'durationS'>): string {
  const { tS, yawDeg, pitchDeg } = era.signal;
  const rows = tS.flatMap((t, i) => [
    { t, deg: yawDeg[i], axis: 'yaw' },
    { t, deg: pitchDeg[i], axis: 'pitch' },
  ]);
  return plotSvg({
    width: S.width,
    height: S.height,
    x: { label: 'film time (s)', domain: [0, era.durationS] },
    y: { label: 'gaze (°)', grid: true },
    color: { domain: ['yaw', 'pitch'], range: [S.yaw, S.pitch], legend: true },
    marks: [
      Plot.rectX(era.saccades, {
        x1: 'startS',
        x2: 'endS',
        fill: (d: EraReport['saccades'][number]) => (d.kind === 'microsaccade' ? S.microsaccade : S.saccade),
        fillOpacity: 0.55,
        title: (d: EraReport['saccades'][number]) => `${d.kind} ${d.amplitudeDeg.toFixed(2)}° ${d.durationMs.toFixed(0)} ms`,
      }),
      Plot.lineY(rows, { x: 't', y: 'deg', stroke: 'axis', strokeWidth: 1.2 }),
    ],
  });
}
