import { blinkRaster } from './blink-raster.ts';
import { diffSection } from './diff-section.ts';
import { overviewRows, overviewTable } from './overview-table.ts';
import { escapeHtml } from './escape-html.ts';
import { ledgerHistoryPlot, metricHistories } from './ledger-history.ts';
import { REPORT_CSP_META } from './report-policy.ts';
import type { EraReport, ReportData, SceneDiff } from './report-data.ts';
import { eraSection } from './era-section.ts';
import { figure } from './plot-figure.ts';

/** What makes a film's section: eraSection, or something that returns exactly its text for the same arguments. */
export type SectionBuilder = (e: EraReport, diff: SceneDiff | null) => string;

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
 * `section` makes each film's section: eraSection itself, or eye report's cache of it (the same text).
 */
export function reportHtml(data: ReportData, section: SectionBuilder = eraSection): string {
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
    r.filmed ? section(eras.get(r.scene)!, r.diff) : `<section class="era" id="${escapeHtml(r.scene)}"><h2>${escapeHtml(r.scene)} <small>no film in this proof</small></h2>${r.diff ? diffSection(r.diff) : ''}</section>`,
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
