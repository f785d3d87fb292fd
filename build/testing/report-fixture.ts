import type { EraReport, ReportData } from '../report/proof/report-data.ts';
import { parseHTML } from 'linkedom';
import { DATA_MARK_LABELS } from '../report/proof/data-marks.ts';

/** A small synthetic film for the report's builders: two saccades, a blink, a few fixations, pixels a little off the model. */
export function fixtureEra(over: Partial<EraReport> = {}): EraReport {
  const tS = Array.from({ length: 240 }, (_, i) => i / 60);
  const yawDeg = tS.map((t) => (t < 1 ? -2 : t < 2.5 ? 1 : 3));
  const apertureMm = tS.map((t) => (t > 1.6 && t < 1.8 ? 1 : 10));
  return {
    scene: '1970-script',
    era: '1970',
    mode: 'script',
    preset: 'tuned',
    seed: 7,
    durationS: 4,
    fps: 30,
    width: 640,
    height: 360,
    filmHref: '1970-script/film.mp4',
    stills: [{ label: 'mid-saccade', why: 'a saccade in flight', dataUri: 'data:image/jpeg;base64,AAAA' }],
    sheet: { label: 'contact sheet', why: 'contact sheet: 24 frames', dataUri: 'data:image/jpeg;base64,BBBB' },
    signal: { drawnHz: 60, tS, yawDeg, pitchDeg: tS.map(() => -4), apertureMm },
    saccades: [
      { startS: 0.99, endS: 1.02, amplitudeDeg: 3, durationMs: 28, kind: 'saccade', truncated: false },
      { startS: 2.49, endS: 2.52, amplitudeDeg: 2, durationMs: 25, kind: 'saccade', truncated: false },
      { startS: 3.2, endS: 3.21, amplitudeDeg: 0.3, durationMs: 10, kind: 'microsaccade', truncated: false },
    ],
    blinks: [{ startS: 1.6, endS: 1.8, partial: false }],
    fixationsMs: [1450, 1480],
    fixationLaw: { law: { shape: 5, minMs: 250, maxMs: 1600 }, clampedMeanMs: 795 },
    longRunFixations: null,
    mainSequence: { slope: 3, intercept: 19, r2: 1, n: 2 },
    agreement: {
      frames: tS.filter((_, i) => i % 2 === 0).map((t, i) => ({ tS: t, modelApertureMm: apertureMm[i * 2], pixelApertureMm: apertureMm[i * 2] + 0.05, modelYawDeg: yawDeg[i * 2], pixelYawDeg: i === 50 ? null : yawDeg[i * 2] })),
      counts: [
        { what: 'saccades', model: 2, pixel: 2, tolerance: 1, pass: true },
        { what: 'blinks', model: 1, pixel: 1, tolerance: 0, pass: true },
      ],
      apertureMaxAbsMm: 0.05,
      apertureCapMm: 0.3,
      pass: true,
    },
    caps: [{ scene: '1970-script', name: 'mean fixation', metric: 'meanFixationMs', value: 789, cap: { min: 750 }, capText: '≥ 750 ms', pass: true }],
    spread: [{ metric: 'saccadesPerS', value: 1, p10: 0.75, p90: 1.75, pass: true }],
    renderAssertions: [{ scene: '1970-script', name: 'film codec', metric: 'film.codec', value: null, cap: {}, capText: '= h264', pass: true }],
    ...over,
  };
}

export function fixtureReport(over: Partial<ReportData> = {}): ReportData {
  return {
    title: 'calm-eye proof',
    sources: ['films: 1 scene folder(s) in proof'],
    eras: [fixtureEra()],
    ledger: [
      { run: 1, revision: 'aaaaaaaaaa', command: 'check', scenes: [{ scene: '1970-script', metrics: { saccadesPerS: 1.3, meanFixationMs: 790 } }] },
      { run: 2, revision: 'bbbbbbbbbb', command: 'check', scenes: [{ scene: '1970-script', metrics: { saccadesPerS: 1.29, meanFixationMs: 788 } }, { scene: 'other', metrics: { saccadesPerS: 9 } }] },
    ],
    notes: [],
    ...over,
  };
}

/** How many data marks an SVG (or a page of them) draws, counted as the browser load test counts them. */
export function dataMarks(html: string): number {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  let n = 0;
  for (const g of document.querySelectorAll('g[aria-label]')) if (DATA_MARK_LABELS.includes(g.getAttribute('aria-label') ?? '')) n += g.children.length;
  return n;
}
