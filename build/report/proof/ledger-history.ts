import * as Plot from '@observablehq/plot';
import type { LedgerRun } from './report-data.ts';
import { plotSvg } from './plot-svg.ts';
import { PLOT_STYLE as S } from './plot-style.ts';
import { formatValue } from '../table.ts';

/** One metric's values over the ledger's runs, a line per scene. */
export interface MetricHistory {
  metric: string;
  points: { run: number; revision: string; scene: string; value: number }[];
}

/**
 * Each metric's history over the runs that measured it, for the given scenes, in the order metrics
 * first appear. A metric never measured (or only null) has no history and is left out.
 */
export function metricHistories(runs: readonly LedgerRun[], scenes: readonly string[]): MetricHistory[] {
  const wanted = new Set(scenes);
  const byMetric = new Map<string, MetricHistory['points']>();
  for (const r of runs) {
    for (const s of r.scenes) {
      if (!wanted.has(s.scene)) continue;
      for (const [metric, value] of Object.entries(s.metrics)) {
        if (value === null || !Number.isFinite(value)) continue;
        let points = byMetric.get(metric);
        if (!points) byMetric.set(metric, (points = []));
        points.push({ run: r.run, revision: r.revision.slice(0, 7), scene: s.scene, value });
      }
    }
  }
  return [...byMetric].map(([metric, points]) => ({ metric, points }));
}

/** A small plot of one metric over runs (x: the run number as `eye ledger` lists it); `legend` names the scenes' colours above it. */
export function ledgerHistoryPlot(h: MetricHistory, scenes: readonly string[], legend = false): string {
  const domain = paddedDomain(h.points.map((p) => p.value));
  // Runs are whole numbers: a few are each a tick (a count of 6 over runs 20–24 gave 20, 21, 21, 22…).
  const runs = [...new Set(h.points.map((p) => p.run))].sort((a, b) => a - b);
  return plotSvg({
    width: S.smallWidth,
    height: S.smallHeight,
    marginLeft: S.smallMarginLeft,
    x: { label: 'ledger run', tickFormat: 'd', ticks: runs.length <= 8 ? runs : 6 },
    y: { label: h.metric, grid: true, tickFormat: tickText(domain), domain },
    color: { domain: scenes as string[], scheme: 'tableau10', legend },
    marks: [
      Plot.line(h.points, { x: 'run', y: 'value', stroke: 'scene', z: 'scene', strokeWidth: 1 }),
      Plot.dot(turningPoints(h.points), { x: 'run', y: 'value', fill: 'scene', r: 2, title: (d: MetricHistory['points'][number]) => `${d.scene} run ${d.run} (${d.revision}): ${formatValue(d.value)}` }),
    ],
  });
}

/**
 * The points a dot (and its hover text) marks: each scene's first and last, and every one whose value
 * differs from that scene's point before it. A run that repeats a scene's number adds nothing the line
 * does not show (on a 26-film proof the dots and their titles were 1.3 MB of the page).
 */
export function turningPoints(points: MetricHistory['points']): MetricHistory['points'] {
  const last = new Map<string, number>();
  points.forEach((p, i) => last.set(p.scene, i));
  const before = new Map<string, number>();
  return points.filter((p, i) => {
    const prev = before.get(p.scene);
    before.set(p.scene, p.value);
    return prev === undefined || prev !== p.value || last.get(p.scene) === i;
  });
}

/** The values' extent, widened when every value is the same (a flat line then sits mid-plot with readable ticks). */
function paddedDomain(values: readonly number[]): [number, number] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (hi > lo) return [lo, hi];
  const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
  return [lo - pad, hi + pad];
}

/**
 * Tick labels with as many decimals as the ticks' spacing needs (about five ticks): a metric that moves
 * by 0.0002 around 0.9985 reads 0.9985, 0.9987; one around 2000 reads 2000 (Plot's default runs long
 * decimals past the margin, '~g' writes 2e+3, and four significant digits make 1100.2 and 1100.4 alike).
 */
export function tickText([lo, hi]: [number, number]): (v: number) => string {
  const step = (hi - lo) / 5;
  const decimals = Math.min(6, Math.max(0, Math.ceil(-Math.log10(step))));
  return (v: number) => v.toFixed(decimals);
}
