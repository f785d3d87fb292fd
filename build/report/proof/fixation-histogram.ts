import * as Plot from '@observablehq/plot';
import { fixationBins, type FixationBins } from '../../measure/fixation-bins.ts';
import { Random } from '../../model/random/random.ts';
import { FixationDurations } from '../../model/tuned/gaze/fixation-duration.ts';
import type { EraReport, FixationGamma } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';

/** Bin width of the histogram, ms. */
export const FIXATION_BIN_MS = 100;
/** Draws from the configured law that make its expected counts (enough for a smooth outline). */
const LAW_DRAWS = 20000;

type Bin = { startMs: number; endMs: number; count: number };

/**
 * The expected count per bin for `n` fixations under the configured law, from the model's own sampler
 * (FixationDurations, clamp included) on a fixed seed: the law is the model's code, not restated here.
 */
export function expectedFixationCounts(g: FixationGamma, n: number, binMs = FIXATION_BIN_MS): Bin[] {
  const sampler = new FixationDurations(Random.fromSeed(0).spawn('report/fixation-law'), g.law, g.clampedMeanMs);
  const bins = Math.ceil((g.law.maxMs + binMs) / binMs);
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < LAW_DRAWS; i++) counts[Math.min(bins - 1, Math.floor(sampler.drawMs() / binMs))]++;
  return counts.map((c, i) => ({ startMs: i * binMs, endMs: (i + 1) * binMs, count: (c / LAW_DRAWS) * n }));
}

/** Fine bins (eye check's) gathered into bins `binMs` wide, a whole multiple of theirs. */
export function rebinFixations(fine: FixationBins, binMs = FIXATION_BIN_MS): Bin[] {
  const per = binMs / fine.binMs;
  if (!Number.isInteger(per) || per < 1) throw new RangeError(`binMs: expected a whole multiple of the fine bins' ${fine.binMs} ms, got ${binMs}`);
  const out: Bin[] = [];
  fine.counts.forEach((c, i) => {
    const j = Math.floor(i / per);
    while (out.length <= j) out.push({ startMs: out.length * binMs, endMs: (out.length + 1) * binMs, count: 0 });
    out[j].count += c;
  });
  return out;
}

/**
 * The fixation durations against the configured gamma. With eye check's long runs (an era script
 * scene): their detected durations as bars, the gamma as a stepped line and the film's own as dots, each
 * as the share of its fixations per bin (a 20-s film closes some twenty, the long runs thousands).
 * Without: the film's own as bars against the gamma's expected counts for that many.
 */
export function fixationHistogram(era: Pick<EraReport, 'fixationsMs' | 'fixationLaw' | 'longRunFixations'>): string {
  const long = era.longRunFixations;
  const lawMaxMs = era.fixationLaw ? era.fixationLaw.law.maxMs + FIXATION_BIN_MS : 0;
  if (long && long.bins.n > 0) {
    const bars = rebinFixations(long.bins).filter((b) => b.count > 0).map((b) => ({ ...b, share: b.count / long.bins.n }));
    const expected = era.fixationLaw ? expectedFixationCounts(era.fixationLaw, 1) : [];
    const film = era.fixationsMs.length ? rebinFixations(fixationBins(era.fixationsMs, 1)).filter((b) => b.count > 0) : [];
    const maxMs = Math.max(lawMaxMs, bars.length ? bars[bars.length - 1].endMs : 0, ...era.fixationsMs.map((d) => d + FIXATION_BIN_MS));
    return durationPlot(maxMs, 'share of fixations', expected, [
      Plot.rectY(bars, { x1: 'startMs', x2: 'endMs', y: 'share', fill: S.yaw, fillOpacity: 0.7, inset: 0.5 }),
      Plot.dot(film, { x: (d: Bin) => (d.startMs + d.endMs) / 2, y: (d: Bin) => d.count / era.fixationsMs.length, fill: S.pitch, r: 2.5 }),
    ]);
  }
  const n = era.fixationsMs.length;
  const expected = era.fixationLaw ? expectedFixationCounts(era.fixationLaw, n) : [];
  const maxMs = Math.max(lawMaxMs, ...era.fixationsMs.map((d) => d + FIXATION_BIN_MS));
  return durationPlot(maxMs, 'fixations', expected, [
    Plot.rectY(era.fixationsMs, { ...Plot.binX({ y: 'count' }, { x: (d: number) => d, thresholds: rangeTo(maxMs, FIXATION_BIN_MS) }), fill: S.yaw, fillOpacity: 0.7 }),
  ]);
}

/** Durations on x to `maxMs`, the measured marks, and the gamma's expected values as a stepped line over them. */
function durationPlot(maxMs: number, yLabel: string, expected: readonly Bin[], measured: Plot.Markish[]): string {
  return plotSvg({
    width: S.smallWidth,
    height: S.smallHeight,
    marginLeft: S.smallMarginLeft,
    x: { label: 'fixation (ms)', domain: [0, maxMs] },
    y: { label: yLabel, grid: true },
    marks: [...measured, Plot.lineY(expected, { x: (d: Bin) => (d.startMs + d.endMs) / 2, y: 'count', stroke: S.fit, curve: 'step' }), Plot.ruleY([0])],
  });
}

function rangeTo(maxMs: number, stepMs: number): number[] {
  const out: number[] = [];
  for (let x = 0; x <= maxMs; x += stepMs) out.push(x);
  return out;
}
