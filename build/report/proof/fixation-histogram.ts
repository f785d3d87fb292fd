import * as Plot from '@observablehq/plot';
import { Random } from '../../model/random/random.ts';
import { FixationDurations } from '../../model/tuned/gaze/fixation-duration.ts';
import type { EraReport, FixationGamma } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';

/** Bin width of the histogram, ms. */
export const FIXATION_BIN_MS = 100;
/** Draws from the configured law that make its expected counts (enough for a smooth outline). */
const LAW_DRAWS = 20000;

/**
 * The expected count per bin for `n` fixations under the configured law, from the model's own sampler
 * (FixationDurations, clamp included) on a fixed seed: the law is the model's code, not restated here.
 */
export function expectedFixationCounts(g: FixationGamma, n: number, binMs = FIXATION_BIN_MS): { startMs: number; endMs: number; count: number }[] {
  const sampler = new FixationDurations(Random.fromSeed(0).spawn('report/fixation-law'), g.law, g.clampedMeanMs);
  const bins = Math.ceil((g.law.maxMs + binMs) / binMs);
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < LAW_DRAWS; i++) counts[Math.min(bins - 1, Math.floor(sampler.drawMs() / binMs))]++;
  return counts.map((c, i) => ({ startMs: i * binMs, endMs: (i + 1) * binMs, count: (c / LAW_DRAWS) * n }));
}

/** The film's fixation durations (bars) against the configured gamma's expected counts (line). */
export function fixationHistogram(era: Pick<EraReport, 'fixationsMs' | 'fixationLaw'>): string {
  const n = era.fixationsMs.length;
  const expected = era.fixationLaw ? expectedFixationCounts(era.fixationLaw, n) : [];
  const maxMs = Math.max(era.fixationLaw ? era.fixationLaw.law.maxMs + FIXATION_BIN_MS : 0, ...era.fixationsMs.map((d) => d + FIXATION_BIN_MS));
  return plotSvg({
    width: S.smallWidth,
    height: S.smallHeight,
    marginLeft: S.smallMarginLeft,
    x: { label: 'fixation (ms)', domain: [0, maxMs] },
    y: { label: 'fixations', grid: true },
    marks: [
      Plot.rectY(era.fixationsMs, { ...Plot.binX({ y: 'count' }, { x: (d: number) => d, thresholds: rangeTo(maxMs, FIXATION_BIN_MS) }), fill: S.yaw, fillOpacity: 0.7 }),
      Plot.lineY(expected, { x: (d: { startMs: number; endMs: number }) => (d.startMs + d.endMs) / 2, y: 'count', stroke: S.fit, curve: 'step' }),
      Plot.ruleY([0]),
    ],
  });
}

function rangeTo(maxMs: number, stepMs: number): number[] {
  const out: number[] = [];
  for (let x = 0; x <= maxMs; x += stepMs) out.push(x);
  return out;
}
