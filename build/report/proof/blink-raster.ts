import * as Plot from '@observablehq/plot';
import type { EraReport } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';

/** Every film's detected blinks on one time axis, a row per film: the eras' rhythms side by side. */
export function blinkRaster(eras: readonly Pick<EraReport, 'scene' | 'blinks' | 'durationS'>[]): string {
  const rows = eras.flatMap((e) => e.blinks.map((b) => ({ scene: e.scene, startS: b.startS, endS: b.endS, partial: b.partial })));
  const spans = eras.map((e) => ({ scene: e.scene, durationS: e.durationS }));
  return plotSvg({
    width: S.width,
    height: 40 + 22 * Math.max(1, eras.length),
    marginLeft: 130,
    x: { label: 'film time (s)', grid: true },
    y: { label: null, domain: eras.map((e) => e.scene) },
    marks: [
      // The film's length, so a film without a blink still shows how long it was watched.
      Plot.ruleY(spans, { y: 'scene', x1: 0, x2: 'durationS', stroke: '#e3e5e8', strokeWidth: 8 }),
      Plot.tickX(rows, { x: 'startS', y: 'scene', stroke: (d: (typeof rows)[number]) => (d.partial ? S.blink : S.model), strokeWidth: 2 }),
    ],
  });
}
