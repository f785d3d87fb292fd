import * as Plot from '@observablehq/plot';
import type { EraReport } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';

/** The palpebral opening over the film, each detected blink as a grey band (partial blinks lighter). */
export function aperturePlot(era: Pick<EraReport, 'signal' | 'blinks' | 'durationS'>): string {
  const { tS, apertureMm } = era.signal;
  return plotSvg({
    width: S.width,
    height: S.height * 0.8,
    x: { label: 'film time (s)', domain: [0, era.durationS] },
    y: { label: 'aperture (mm)', grid: true, domain: [0, Math.max(1, ...apertureMm) * 1.05] },
    marks: [
      Plot.rectX(era.blinks, {
        x1: 'startS',
        x2: 'endS',
        fill: S.blink,
        fillOpacity: (d: EraReport['blinks'][number]) => (d.partial ? 0.3 : 0.6),
        title: (d: EraReport['blinks'][number]) => `${d.partial ? 'partial blink' : 'blink'} ${((d.endS - d.startS) * 1000).toFixed(0)} ms`,
      }),
      Plot.lineY(
        tS.map((t, i) => ({ t, mm: apertureMm[i] })),
        { x: 't', y: 'mm', stroke: S.aperture, strokeWidth: 1.2 },
      ),
    ],
  });
}
