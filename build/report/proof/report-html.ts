import { agreementPlot } from './agreement-plot.ts';
import { aperturePlot } from './aperture-plot.ts';
import { blinkRaster } from './blink-raster.ts';
import { capsTable } from './caps-table.ts';
import { diffSection } from './diff-section.ts';
import { checkId, overviewRows, overviewTable } from './overview-table.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlNumber } from './html-number.ts';
import { fixationHistogram } from './fixation-histogram.ts';
import { gazePlot } from './gaze-plot.ts';
import { ledgerHistoryPlot, metricHistories } from './ledger-history.ts';
import { mainSequencePlot } from './main-sequence-plot.ts';
import { REPORT_CSP_META } from './report-policy.ts';
import type { EraReport, ReportData, SceneDiff } from './report-data.ts';
import { spreadTable } from './spread-table.ts';

/** A plot in its figure: the load test finds plots by `figure.plot` and reads `data-plot` to name an empty one. */
function figure(id: string, caption: string, svg: string): string {
  return `<figure class="plot" data-plot="${escapeHtml(id)}">${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

/** The player's width: the film's own up to 640 px, none when the summary's width is not a positive number (the player's default). */
function videoWidth(width: unknown): string {
  return typeof width === 'number' && width > 0 ? ` width="${Math.min(640, Math.round(width))}"` : '';
}

function eraSection(e: EraReport, diff: SceneDiff | null): string {
  const id = e.scene;
  const counts = `${e.saccades.filter((s) => s.kind !== 'microsaccade').length} saccades, ${e.saccades.filter((s) => s.kind === 'microsaccade').length} microsaccades, ${e.blinks.length} blinks, ${e.fixationsMs.length} closed fixations`;
  const long = e.longRunFixations && e.longRunFixations.bins.n > 0 ? e.longRunFixations : null;
  const gamma = e.fixationLaw
    ? `gamma k ${htmlNumber(e.fixationLaw.law.shape)}, clamped ${htmlNumber(e.fixationLaw.law.minMs)}–${htmlNumber(e.fixationLaw.law.maxMs)} ms, mean ${htmlNumber(e.fixationLaw.clampedMeanMs)} ms`
    : null;
  const law = long
    ? `bars: ${htmlNumber(long.bins.n)} fixations detected at ${htmlNumber(long.hz)} Hz in eye check's long runs (${htmlNumber(long.seeds)} seeds × ${htmlNumber(long.minutesPerSeed)} min); ${gamma ? `line: the configured ${gamma}` : 'no single configured law'}; dots: this film's ${e.fixationsMs.length}; each as a share of its fixations`
    : gamma
      ? `configured: ${gamma} (line: expected counts for ${e.fixationsMs.length} fixations)`
      : 'no single configured law for this scene (a tour, a locked gaze or a preset other than tuned)';
  const fit = e.mainSequence;
  const fitText = Number.isFinite(fit.slope) ? `fit ${htmlNumber(fit.slope)} ms/° + ${htmlNumber(fit.intercept)} ms, R² ${htmlNumber(fit.r2)}, n ${htmlNumber(fit.n)}` : `no fit (n ${htmlNumber(fit.n)})`;
  // The blink strip is a sheet of many frames: it gets the sheet's width, a single still a third of it.
  const stills = e.stills
    .map((s) => `<figure class="${s.label === 'first-blink' ? 'sheet' : 'still'}"><img alt="${escapeHtml(s.label)}" src="${escapeHtml(s.dataUri)}"><figcaption>${escapeHtml(s.label)}: ${escapeHtml(s.why)}</figcaption></figure>`)
    .join('');
  // A single frame (the sheet, shrunk to the player, reads as noise); the sheet is shown below.
  const poster = e.stills.find((s) => s.label === 'mid-saccade') ?? e.stills.find((s) => s.label !== 'first-blink') ?? null;
  const agreement = e.agreement
    ? (() => {
        const a = e.agreement;
        const said = `${a.counts.map((c) => `${c.what} ${htmlNumber(c.model)} model / ${htmlNumber(c.pixel)} pixels (±${htmlNumber(c.tolerance)}) ${c.pass ? 'agree' : 'DISAGREE'}`).join(', ')}; aperture within ${htmlNumber(a.apertureMaxAbsMm)} mm of the model on every frame (cap ${htmlNumber(a.apertureCapMm)} mm)`;
        return `${figure(`${id}/agreement-aperture`, `model vs pixels at the film's frames: ${said}`, agreementPlot(a, e.durationS, 'aperture'))}${figure(`${id}/agreement-yaw`, 'model vs pixels: yaw (no dot: the pupil lost under the lid)', agreementPlot(a, e.durationS, 'yaw'))}`;
      })()
    : '<p class="note">rendered with --no-pixels: no pixel measurement to compare</p>';
  return `<section class="era" id="${escapeHtml(id)}">
<h2>${escapeHtml(e.scene)} <small>era ${escapeHtml(e.era)}, ${escapeHtml(e.mode)}, ${escapeHtml(e.preset)}, seed ${htmlNumber(e.seed)}, ${htmlNumber(e.durationS)} s at ${htmlNumber(e.fps)} fps, ${htmlNumber(e.width)}×${htmlNumber(e.height)}</small></h2>
${diff && diff.verdict !== 'unchanged' ? diffSection(diff) : ''}
<div class="film"><video controls preload="none"${videoWidth(e.width)} src="${escapeHtml(e.filmHref)}"${poster ? ` poster="${escapeHtml(poster.dataUri)}"` : ''}></video>
<p class="note">${escapeHtml(e.filmHref)} (a file beside this page; played from disk, fetched only when played)</p></div>
<h3 id="${escapeHtml(checkId('caps', id))}">Calm caps (eye check)</h3>${e.caps.length ? capsTable(e.caps) : '<p class="note">eye check has not asserted this scene (see the notes at the top)</p>'}
<h3>Film against its era (p10–p90)</h3>${e.spread.length ? spreadTable(e.spread) : '<p class="note">no spread recorded for this film</p>'}
<h3>Plots</h3><p class="note">detected from the model's 240 Hz trace: ${counts}</p>
${figure(`${id}/gaze`, `gaze yaw and pitch (drawn at ${htmlNumber(e.signal.drawnHz)} Hz); amber: saccades, violet: microsaccades (as detected at 240 Hz)`, gazePlot(e))}
${figure(`${id}/aperture`, 'palpebral opening; grey: detected blinks (lighter: partial)', aperturePlot(e))}
<div class="pair">${
    e.fixationsMs.length || e.fixationLaw || long
      ? figure(`${id}/fixations`, `fixation durations; ${law}`, fixationHistogram(e))
      : '<p class="note">no fixation histogram: no fixation closed on both sides, and no configured law</p>'
  }${
    e.saccades.length
      ? figure(`${id}/main-sequence`, `main sequence (rings: saccades cut by missing data, left out of the fit); ${fitText}`, mainSequencePlot(e))
      : '<p class="note">no main sequence: no saccade detected in this film</p>'
  }</div>
<div id="${escapeHtml(checkId('pixels', id))}">${agreement}</div>
<details id="${escapeHtml(checkId('render', id))}"><summary>Everything eye render held this film to (${e.renderAssertions.filter((a) => a.pass).length}/${e.renderAssertions.length} pass)</summary>${capsTable(e.renderAssertions)}</details>
<h3>Stills</h3>${e.sheet ? `<figure class="sheet"><img alt="contact sheet" src="${escapeHtml(e.sheet.dataUri)}"><figcaption>${escapeHtml(e.sheet.why)}</figcaption></figure>` : ''}<div class="stills">${stills}</div>
</section>`;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1100px; padding: 0 16px 48px; color: #1d2024; background: #fff; }
h1 { margin: 20px 0 4px; } h2 { border-top: 2px solid #30343f; padding-top: 12px; margin-top: 36px; } h2 small { font-weight: normal; color: #5f6368; font-size: 13px; }
nav a { margin-right: 10px; white-space: nowrap; }
table { border-collapse: collapse; margin: 6px 0 12px; } td, th { border-bottom: 1px solid #e3e5e8; padding: 2px 8px; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; } td.note { color: #5f6368; font-size: 12px; }
tr.fail td { background: #fde8e8; color: #8a1c1c; font-weight: 600; }
.overview { width: 100%; font-size: 13px; } .overview td:nth-child(-n+5) { white-space: nowrap; } .overview td { padding: 2px 6px; } .overview th { position: sticky; top: 0; background: #fff; } .answer { font-size: 15px; margin: 6px 0; }
.overview tr.failed td { background: #fde8e8; } .overview tr.failed td:nth-child(2) { color: #8a1c1c; } .overview tr.changed td { background: #fff4d6; }
.since { border-left: 4px solid #e0a800; padding: 4px 12px; margin: 8px 0 16px; background: #fffbef; } .since.beyond { border-color: #c0392b; }
.beside { display: grid; gap: 4px; } .pair-row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; } .pair-row .still, .pair-row .still img { max-width: 100%; }
figure { margin: 8px 0; } figcaption { color: #5f6368; font-size: 12px; }
.pair { display: flex; gap: 16px; flex-wrap: wrap; } .pair figure, .history figure { flex: 0 0 360px; } .history { display: flex; gap: 12px; flex-wrap: wrap; }
.stills { display: flex; gap: 8px; flex-wrap: wrap; } .still { max-width: 340px; } .still img { max-width: 340px; display: block; } .sheet img { max-width: 100%; display: block; }
video { background: #000; max-width: 100%; display: block; } .note { color: #5f6368; font-size: 12px; }
`;

/**
 * proof/index.html, whole: every plot an inline SVG, every still a data: URI, no script and no
 * stylesheet from anywhere, so opening it requests nothing; each film is a relative link to the file
 * beside it, which the browser reads from disk only when it is played (preload="none"). Every value
 * from a file is escaped as text or checked as a number (html-number.ts), and the page's policy
 * (report-policy.ts) comes before all of them: no script runs, nothing loads from elsewhere.
 */
export function reportHtml(data: ReportData): string {
  const scenes = data.eras.map((e) => e.scene);
  const histories = metricHistories(data.ledger, scenes);
  // The sections in the first screen's order: failing scenes first, then changed, then the rest.
  const order = overviewRows(data);
  const eras = new Map(data.eras.map((e) => [e.scene, e]));
  const nav = order.map((r) => `<a href="#${escapeHtml(r.scene)}">${escapeHtml(r.scene)}</a>`).join('');
  const history = histories.length
    ? `<div class="history">${histories.map((h, i) => figure(`ledger/${h.metric}`, `${h.metric}: ${h.points.length} values over ${new Set(h.points.map((p) => p.run)).size} runs`, ledgerHistoryPlot(h, scenes, i === 0))).join('')}</div>`
    : '<p class="note">the ledger has no run of these scenes</p>';
  // A scene the baseline has and this proof does not: its diff alone, so the table's link lands somewhere.
  const sections = order.map((r) =>
    r.filmed ? eraSection(eras.get(r.scene)!, r.diff) : `<section class="era" id="${escapeHtml(r.scene)}"><h2>${escapeHtml(r.scene)} <small>no film in this proof</small></h2>${r.diff ? diffSection(r.diff) : ''}</section>`,
  );
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">${REPORT_CSP_META}<title>${escapeHtml(data.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(data.title)}</h1>
${overviewTable(data)}
<ul class="note">${data.sources.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>
${data.notes.length ? `<ul class="notes">${data.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>` : ''}
<nav>${nav}<a href="#ledger">ledger history</a></nav>
<h2>Blinks, every film</h2>
${data.eras.some((e) => e.blinks.length) ? figure('blink-raster', 'each film\'s detected blinks (dark: full, grey: partial) over its length', blinkRaster(data.eras)) : '<p class="note">no blink detected in any film</p>'}
${sections.join('\n')}
<section id="ledger"><h2>The ledger: each metric over runs</h2>
<p class="note">${data.ledger.length} runs in ledger.jsonl; x is the run number as <code>eye ledger</code> lists it; the scenes are this report's</p>
${history}</section>
</body></html>
`;
  return dedupeStyles(page);
}

/**
 * Each plot carries Plot's <style> for its classes (the same text in every plot: ~270 copies, 70 kB):
 * the first of each is kept, the repeats dropped. Only Plot's own blocks can be here: text from a file
 * is escaped, so it cannot open a <style>.
 */
function dedupeStyles(html: string): string {
  const seen = new Set<string>();
  return html.replace(/<style>[\s\S]*?<\/style>/g, (block) => {
    if (seen.has(block)) return '';
    seen.add(block);
    return block;
  });
}
