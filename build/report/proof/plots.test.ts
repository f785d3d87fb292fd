import { describe, expect, it } from 'vitest';
import { dataMarks, fixtureEra } from '../../testing/report-fixture.ts';
import { agreementPlot } from './agreement-plot.ts';
import { aperturePlot } from './aperture-plot.ts';
import { blinkRaster } from './blink-raster.ts';
import { expectedFixationCounts, fixationHistogram } from './fixation-histogram.ts';
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

  it('labels a metric\'s ticks apart however small its changes', () => {
    const near = tickText([0.9984, 0.9986]);
    expect(new Set([0.99844, 0.99848, 0.99852].map(near)).size).toBe(3);
    expect(tickText([1100.2, 1100.6])(1100.4)).toBe('1100.40');
    expect(tickText([1000, 3000])(2000)).toBe('2000');
  });
});
