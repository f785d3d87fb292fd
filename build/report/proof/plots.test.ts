import { describe, expect, it } from 'vitest';
import { dataMarks, fixtureEra } from '../../testing/report-fixture.ts';
import { agreementPlot } from './agreement-plot.ts';
import { aperturePlot } from './aperture-plot.ts';
import { blinkRaster } from './blink-raster.ts';
import { expectedFixationCounts, fixationHistogram, rebinFixations } from './fixation-histogram.ts';
import { gazePlot } from './gaze-plot.ts';
import { ledgerHistoryPlot, metricHistories, tickText } from './ledger-history.ts';
import { mainSequencePlot } from './main-sequence-plot.ts';
import { READING_FIXATION_LAW } from '../../model/tuned/gaze/fixation-duration.ts';

const era = fixtureEra();
const empty = fixtureEra({
  signal: { drawnHz: 60, tS: [], yawDeg: [], pitchDeg: [], apertureMm: [] },
  saccades: [],
  blinks: [],
  fixationsMs: [],
  fixationLaw: null,
  mainSequence: { slope: NaN, intercept: NaN, r2: NaN, n: 0 },
});

describe('the report plots (Observable Plot in linkedom)', () => {
  it('are SVG text with data marks for a film, and none for an empty one (what the load test counts)', () => {
    const plots = {
      gaze: [gazePlot(era), gazePlot(empty)],
      aperture: [aperturePlot(era), aperturePlot(empty)],
      fixations: [fixationHistogram(era), fixationHistogram(empty)],
      mainSequence: [mainSequencePlot(era), mainSequencePlot(empty)],
      raster: [blinkRaster([era]), blinkRaster([empty])],
      agreement: [agreementPlot(era.agreement!, 4, 'yaw'), agreementPlot({ ...era.agreement!, frames: [] }, 4, 'yaw')],
    };
    for (const [name, [full, none]] of Object.entries(plots)) {
      expect(full, name).toMatch(/<svg[\s\S]*<\/svg>/);
      expect(dataMarks(full), name).toBeGreaterThan(0);
      expect(dataMarks(none), name).toBe(0);
    }
  });

  it('mark each detected event: one band per saccade and per blink, one tick per blink in the raster', () => {
    const bands = (svg: string) => [...svg.matchAll(/aria-label="rect"[^>]*>([\s\S]*?)<\/g>/g)].reduce((n, m) => n + (m[1].match(/<rect/g) ?? []).length, 0);
    expect(bands(gazePlot(era))).toBe(era.saccades.length);
    expect(bands(aperturePlot(era))).toBe(era.blinks.length);
    const twoBlinks = fixtureEra({ blinks: [...era.blinks, { startS: 3, endS: 3.2, partial: true }] });
    expect(bands(aperturePlot(twoBlinks))).toBe(2);
    expect((blinkRaster([era, twoBlinks]).match(/aria-label="tick"[^>]*>([\s\S]*?)<\/g>/)![1].match(/<line/g) ?? []).length).toBe(3);
  });

  it('draws the same text for the same data (no random ids)', () => {
    expect(gazePlot(era)).toBe(gazePlot(fixtureEra()));
  });

  it('with eye check\'s long runs: their fixations as bars (shares per 100-ms bin), the gamma as a line, the film\'s own as dots', () => {
    // 3,000 fixations in 10-ms bins, 1,000 each at 300–310, 310–320 and 820–830 ms: two 100-ms bars.
    const counts = new Array<number>(83).fill(0);
    counts[30] = 1000;
    counts[31] = 1000;
    counts[82] = 1000;
    const long = { bins: { binMs: 10, counts, n: 3000 }, hz: 240, seeds: 3, minutesPerSeed: 10 };
    expect(rebinFixations(long.bins).filter((b) => b.count > 0)).toEqual([
      { startMs: 300, endMs: 400, count: 2000 },
      { startMs: 800, endMs: 900, count: 1000 },
    ]);
    expect(() => rebinFixations(long.bins, 15)).toThrow('expected a whole multiple of the fine bins\' 10 ms, got 15');
    const svg = fixationHistogram(fixtureEra({ fixationsMs: [450, 460, 1210], longRunFixations: long }));
    const marks = (label: string) => (svg.match(new RegExp(`aria-label="${label}"[^>]*>([\\s\\S]*?)</g>`))?.[1].match(/<(rect|circle|path)/g) ?? []).length;
    expect(marks('rect')).toBe(2);
    expect(marks('dot')).toBe(2); // the film's 400–500 and 1200–1300 ms bins
    expect(marks('line')).toBe(1);
    expect(svg).toContain('share of fixations');
    // Without them: the film's own counts, as before.
    expect(fixationHistogram(fixtureEra({ fixationsMs: [450, 460, 1210] }))).not.toContain('share of fixations');
  });

  it('expects the configured law: counts sum to the fixations shown, with the clamped mean the model delivers', () => {
    const g = { law: READING_FIXATION_LAW, clampedMeanMs: 795 };
    const bins = expectedFixationCounts(g, 40);
    const total = bins.reduce((s, b) => s + b.count, 0);
    expect(total).toBeCloseTo(40, 9);
    const meanMs = bins.reduce((s, b) => s + ((b.startMs + b.endMs) / 2) * b.count, 0) / total;
    expect(Math.abs(meanMs - 795)).toBeLessThan(25); // bin centres: within half a bin of the law's mean
    expect(bins.filter((b) => b.endMs <= READING_FIXATION_LAW.minMs).every((b) => b.count === 0)).toBe(true);
  });

  it('plots each metric of the report\'s scenes over the ledger\'s runs, leaving out other scenes and nulls', () => {
    const h = metricHistories(
      [
        { run: 1, revision: 'abcdef012', command: 'check', scenes: [{ scene: 'a', metrics: { x: 1, y: null } }, { scene: 'b', metrics: { x: 5 } }] },
        { run: 2, revision: '123456789', command: 'render', scenes: [{ scene: 'a', metrics: { x: 2 } }] },
      ],
      ['a'],
    );
    expect(h).toEqual([{ metric: 'x', points: [{ run: 1, revision: 'abcdef0', scene: 'a', value: 1 }, { run: 2, revision: '1234567', scene: 'a', value: 2 }] }]);
    expect(dataMarks(ledgerHistoryPlot(h[0], ['a']))).toBeGreaterThan(0);
  });

  it('ticks the runs axis at whole runs, each once (a count of six over runs 20–24 gave 20, 21, 21, 22…)', () => {
    const points = [20, 22, 24].map((run) => ({ run, revision: 'r', scene: 'a', value: run / 10 }));
    const svg = ledgerHistoryPlot({ metric: 'x', points }, ['a']);
    // The x axis is the first tick group Plot writes; its labels are the runs.
    const xAxis = /aria-label="x-axis tick label"[^>]*>(.*?)<\/g>/s.exec(svg)?.[1] ?? '';
    const labels = [...xAxis.matchAll(/>([^<>]+)<\/text>/g)].map((m) => m[1]);
    expect(labels).toEqual(['20', '22', '24']);
  });

  it('labels a metric\'s ticks apart however small its changes', () => {
    const near = tickText([0.9984, 0.9986]);
    expect(new Set([0.99844, 0.99848, 0.99852].map(near)).size).toBe(3);
    expect(tickText([1100.2, 1100.6])(1100.4)).toBe('1100.40');
    expect(tickText([1000, 3000])(2000)).toBe('2000');
  });
});

describe('the ledger history dots', () => {
  it('mark each scene\'s first and last point and every change, not a repeated number', async () => {
    const { turningPoints } = await import('./ledger-history.ts');
    const pts = [1, 2, 3, 4, 5].flatMap((run) => [
      { run, revision: 'r', scene: 'a', value: run < 3 ? 1 : 2 },
      { run, revision: 'r', scene: 'b', value: 7 },
    ]);
    expect(turningPoints(pts).map((p) => `${p.scene}${p.run}`)).toEqual(['a1', 'b1', 'a3', 'a5', 'b5']);
  });
});
