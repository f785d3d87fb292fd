import { ensureOutDir } from '../../../node/io/ensure-out-dir.ts';
import { writeFilesTogether } from '../../../node/io/write-files-together.ts';
import { join } from 'node:path';
import { formatTable, formatValue } from '../../../report/table.ts';
import type { Assertion } from '../../../measure/caps.ts';
import type { LedgerSceneResult } from '../../ledger/node/ledger.ts';
import { OPENING_SCENE } from '../core/check-physiology.ts';
import type { CheckResult, CheckSettings, RateAccuracy } from './check-run.ts';
import type { FilmCheck } from './era-spread.ts';

function accuracyRows(acc: RateAccuracy[]): string[][] {
  const f = (s: { f1: number; truePositives: number; falsePositives: number; falseNegatives: number }) =>
    `${s.f1.toFixed(3)} (${s.truePositives}/${s.falsePositives}/${s.falseNegatives})`;
  return [
    ['rate', 'saccade F1 (tp/fp/fn)', 'microsaccade F1', 'blink F1', 'hidden in blinks (sacc/micro)'],
    ...acc.map((a) => [`${Math.round(a.hz)} Hz`, f(a.saccade), f(a.microsaccade), f(a.blink), `${a.hidden.saccade}/${a.hidden.microsaccade}`]),
  ];
}

/** The terminal report: era × metric with value, cap and pass; detector accuracy; timing. */
export function formatCheckTable(r: CheckResult, settings: CheckSettings): string {
  const rows = [['scene', 'metric', 'value', 'cap', 'pass', 'note']];
  for (const a of r.assertions) rows.push([a.scene, a.name, formatValue(a.value), a.capText, a.pass ? 'ok' : 'FAIL', a.note ?? '']);
  const phys = [['scene', 'main seq. ms/° + ms', 'closing/hold/opening ms', 'partial', 'doubles', 'I-DT fix ms', "Bell's °"]];
  for (const s of r.scenes) {
    if (s.kind === 'reduced') continue;
    const m = s.metrics;
    phys.push([
      s.scene,
      `${formatValue(m.mainSequenceSlopeMsPerDeg)} + ${formatValue(m.mainSequenceInterceptMs)}`,
      `${formatValue(m.blinkClosingMs)}/${formatValue(m.blinkHoldMs)}/${formatValue(m.blinkOpeningMs)}`,
      formatValue(m.partialShare),
      formatValue(m.doubleShare),
      formatValue(m.idtMeanFixationMs),
      formatValue(s.bellDegPerClosure),
    ]);
  }
  const perScene = [['scene', ...r.accuracy.map((a) => `F1 sacc/micro/blink @${Math.round(a.hz)} Hz`)]];
  for (const s of r.scenes) {
    if (s.kind === 'reduced') continue;
    perScene.push([s.scene, ...s.accuracy.map((a) => `${a.saccade.f1.toFixed(3)} / ${a.microsaccade.f1.toFixed(3)} / ${a.blink.f1.toFixed(3)}`)]);
  }
  const p = r.physiology;
  const physLines = p
    ? [
        `pursuit gain on 10°/s glides: ${p.pursuit.map((x) => `${x.era} ${formatValue(x.gain)} (eye.md ${x.expected})`).join(', ')}; ` +
          `pupil latency to a light step: constricting ${formatValue(p.pupil.constrictMs)} ms, dilating ${formatValue(p.pupil.dilateMs)} ms (eye.md ${p.pupil.expectedMs} ms); ` +
          `opening table from the trace ${formatValue(p.opening.measured.restMm)}/${formatValue(p.opening.measured.upMm)}/${formatValue(p.opening.measured.downMm)} mm, ` +
          `from the twin ${formatValue(p.opening.twin.restMm)}/${formatValue(p.opening.twin.upMm)}/${formatValue(p.opening.twin.downMm)} mm (rest/up/down)`,
      ]
    : [];
  const films = [...r.scenes.map((s) => s.film).filter((f): f is FilmCheck => f !== null), ...r.films];
  const spreads = r.scenes.filter((s) => s.spread !== null && s.film === null);
  const lines = [
    formatTable(rows),
    '',
    ...(films.length > 0 ? ['Proof films against their spread (value [p10–p90]; ! outside):', formatFilmTable(films), ''] : []),
    ...(spreads.length > 0 ? ['Film spreads (p10–p90):', formatSpreadTable(spreads.map((s) => ({ scene: s.scene, spread: s.spread! }))), ''] : []),
    'Also measured (physiology, not caps):',
    formatTable(phys),
    ...physLines,
    '',
    'Detector accuracy against the generator\'s labels, all scenes:',
    formatTable(accuracyRows(r.accuracy)),
    '',
    formatTable(perScene),
    '',
    `${r.scenes.length} scenes × ${settings.seeds} seeds × ${settings.minutes} min (reduced-motion: 1 × 1 min), ` +
      `${(r.sceneSeconds / 60).toFixed(0)} min of scene time, ${(r.samples / 1e6).toFixed(2)} M samples, ${settings.jobs} thread(s): ` +
      `${(r.wallMs / 1000).toFixed(1)} s wall (simulate ${(r.simulateMs / 1000).toFixed(1)} s, detect ${(r.detectMs / 1000).toFixed(1)} s CPU); ` +
      // The model's speed, the number a timed test used to print: scene time simulated per CPU second.
      `the model runs at ${Math.round(r.sceneSeconds / (r.simulateMs / 1000)).toLocaleString('en')}× real time`,
  ];
  if (r.failed.length > 0) lines.push('', `FAILED: ${r.failed.map(describeFailure).join('; ')}`);
  else lines.push('', `all ${r.assertions.length} assertions hold`);
  return lines.join('\n');
}

const FILM_COLUMNS = [
  ['saccadesPerS', 'sacc/s'],
  ['microsaccadesPerS', 'micro/s'],
  ['blinksPerMin', 'blinks/min'],
  ['meanFixationMs', 'fixation ms'],
  ['medianPitchDeg', 'pitch °'],
  ['largeSaccadesPerMin', '≥12°/min'],
] as const;

function range(s: { p10: number; p90: number } | null): string {
  return s ? `${formatValue(s.p10)}–${formatValue(s.p90)}` : '—';
}

/** Each proof film's numbers beside its spread. */
export function formatFilmTable(films: readonly FilmCheck[]): string {
  const rows = [['scene', 'seed', 'spread over', ...FILM_COLUMNS.map(([, h]) => h)]];
  for (const f of films) {
    const plan = f.spread.plan;
    rows.push([
      f.scene,
      String(f.seed),
      plan.method === 'windows' ? `${f.spread.films} × ${plan.windowS} s @ ${plan.fps} fps` : `${f.spread.films} seeds @ ${plan.fps} fps`,
      ...FILM_COLUMNS.map(([k]) => {
        const v = f.verdicts.find((x) => x.metric === k);
        const bad = v?.pass === false ? '!' : '';
        return `${bad}${formatValue(f.metrics[k])} [${range(f.spread.spread[k])}]`;
      }),
    ]);
  }
  return formatTable(rows);
}

/** Spreads alone (scenes checked without their film). */
export function formatSpreadTable(spreads: readonly { scene: string; spread: FilmCheck['spread'] }[]): string {
  const rows = [['scene', 'films', ...FILM_COLUMNS.map(([, h]) => h)]];
  for (const s of spreads) rows.push([s.scene, String(s.spread.films), ...FILM_COLUMNS.map(([k]) => range(s.spread.spread[k]))]);
  return formatTable(rows);
}

export function describeFailure(a: Assertion): string {
  return `${a.scene}: ${a.name} ${formatValue(a.value)} (cap ${a.capText})`;
}

/** proof/check/assertions.json and summary.json. */
export function writeCheckProof(dir: string, r: CheckResult, settings: CheckSettings): { assertions: string; summary: string } {
  ensureOutDir(dir);
  const assertions = join(dir, 'assertions.json');
  const summary = join(dir, 'summary.json');
  const { params, ...rest } = settings;
  const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  const summaryValue = {
    pass: r.pass,
    settings: rest,
    detectorParams: params,
    accuracy: r.accuracy,
    scenes: r.scenes,
    films: r.films,
    physiology: r.physiology,
    face: r.face,
    timing: { wallMs: r.wallMs, simulateCpuMs: r.simulateMs, detectCpuMs: r.detectMs, samples: r.samples, sceneSeconds: r.sceneSeconds },
  };
  // Published together: both whole, or both as they were.
  writeFilesTogether([
    { path: assertions, text: json({ pass: r.pass, failed: r.failed.map(describeFailure), assertions: r.assertions }) },
    { path: summary, text: json(summaryValue) },
  ]);
  return { assertions, summary };
}

/** What a check run puts in the ledger for each scene: every number asserted or reported, and what failed. */
export function ledgerScenes(r: CheckResult): LedgerSceneResult[] {
  const out = r.scenes.map((s): LedgerSceneResult => {
    const metrics: Record<string, number | null> = {};
    for (const [k, v] of Object.entries(s.metrics)) if (typeof v === 'number' || v === null) metrics[k] = v;
    for (const a of s.assertions) metrics[a.metric] = a.value;
    for (const acc of s.accuracy) {
      const hz = Math.round(acc.hz);
      metrics[`saccadeF1At${hz}Hz`] = acc.saccade.f1;
      metrics[`microsaccadeF1At${hz}Hz`] = acc.microsaccade.f1;
      metrics[`blinkF1At${hz}Hz`] = acc.blink.f1;
    }
    return { scene: s.scene, pass: s.pass, metrics, failed: s.assertions.filter((a) => !a.pass).map((a) => a.name) };
  });
  const p = r.physiology;
  if (p) {
    const own = r.assertions.filter((a) => a.scene === OPENING_SCENE);
    const metrics: Record<string, number | null> = {
      pupilLatencyConstrictMs: p.pupil.constrictMs,
      pupilLatencyDilateMs: p.pupil.dilateMs,
      openingTwinRestMm: p.opening.twin.restMm,
      openingTwinUpMm: p.opening.twin.upMm,
      openingTwinDownMm: p.opening.twin.downMm,
    };
    for (const x of p.pursuit) metrics[`pursuitGain${x.era}`] = x.gain;
    for (const a of own) metrics[a.metric] = a.value;
    out.push({ scene: 'physiology', pass: own.every((a) => a.pass), metrics, failed: own.filter((a) => !a.pass).map((a) => a.name) });
  }
  // The face's stimulus scenes, one ledger entry each.
  for (const scene of [...new Set(r.face.map((a) => a.scene))]) {
    const own = r.face.filter((a) => a.scene === scene);
    const metrics: Record<string, number | null> = {};
    for (const a of own) metrics[a.metric] = a.value;
    out.push({ scene, pass: own.every((a) => a.pass), metrics, failed: own.filter((a) => !a.pass).map((a) => a.name) });
  }
  return out;
}
