import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, EXIT } from '../../../errors/exit.ts';
import { safeText } from '../../../errors/safe-text.ts';
import type { DetectorParams } from '../../../measure/params.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import { orEnvironmentError } from '../../../errors/environment-error.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import type { ReportLoad } from './load-report.ts';
import type { PartsMade } from './report-parts.ts';
import { openCache } from '../../cache/node/store.ts';
import { reportInputsKey } from './report-inputs.ts';
import { fileSha256 } from '../../../node/io/file-sha256.ts';
import { REPORT_CSP } from '../../../report/proof/report-policy.ts';
import { reportByteBudget } from '../../../report/proof/report-budget.ts';

export interface WriteReportOptions {
  proofDir: string;
  ledgerFile: string;
  params: DetectorParams;
  /** Open the written page in headless Chromium and write <proof>/report.png (false: write the page only). */
  load: boolean;
  /** Build and load-test the page even when its inputs are those of the last run that passed. */
  force?: boolean;
  /** The cache the page's dear parts are kept in (report-parts.ts: inlined stills, each film's section); none: none read or stored. */
  cacheDir?: string | null;
}

export interface WrittenReport {
  html: string;
  bytes: number;
  /** The most bytes the page may have for what it shows (report-budget.ts); over it, the run fails. */
  budgetBytes: number;
  eras: number;
  plots: number;
  load: ReportLoad | null;
  /** The load test held (no error, no request, no script not the page's own, the page's policy in place, every plot with marks, every film on disk and opening, every link landing) and the page is within its byte budget. */
  pass: boolean;
  /** Nothing was built: the inputs were those of the run that wrote this page and passed its load test (its numbers are that run's). */
  kept: boolean;
  /** What the build made and what it took from the cache (null: nothing built, the page was kept). */
  parts: PartsMade | null;
}

/** <proof>/report.json: what the last load-tested page was made from, its bytes, and what its load test saw. */
interface ReportStamp {
  inputsKey: string;
  htmlSha256: string;
  screenshotSha256: string;
  report: WrittenReport;
}

/** The last run's report, if it was made from these inputs, passed, and its page and screenshot are still the bytes it wrote. */
function keptReport(stampFile: string, inputsKey: string): WrittenReport | null {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as ReportStamp;
    const r = stamp.report;
    if (stamp.inputsKey !== inputsKey || !r.pass || !r.load) return null;
    if (fileSha256(r.html) !== stamp.htmlSha256 || fileSha256(r.load.screenshot) !== stamp.screenshotSha256) return null;
    return { ...r, kept: true, parts: null };
  } catch {
    return null; // no stamp, unreadable, or a file gone: built again
  }
}

/** The page passes: within its byte budget, and (when it was opened) its load test saw nothing wrong. */
export function reportPasses(bytes: number, budgetBytes: number, load: ReportLoad | null): boolean {
  if (bytes > budgetBytes) return false;
  if (!load) return true;
  return (
    load.errors.length === 0 &&
    load.requests.length === 0 &&
    load.scripts.length === 0 &&
    load.csp === REPORT_CSP &&
    load.emptyPlots.length === 0 &&
    load.missingFilms.length === 0 &&
    load.unplayableFilms.length === 0 &&
    load.brokenLinks.length === 0
  );
}

/** eye report: proof/index.html written whole (temporary name, then renamed), then opened and checked. */
export async function runReport(o: WriteReportOptions): Promise<WrittenReport> {
  if (!existsSync(o.proofDir) || !statSync(o.proofDir).isDirectory()) {
    throw new CliError(EXIT.badInput, `report: no proof folder at ${safeText(o.proofDir)} (render first: eye render, or name one with --proof-dir)`);
  }
  // A page load-tested from the same inputs is kept: collecting, plotting and loading take ~10 s.
  const stampFile = join(o.proofDir, 'report.json');
  const inputsKey = o.load ? await reportInputsKey(o) : null;
  const kept = inputsKey && !o.force ? keptReport(stampFile, inputsKey) : null;
  if (kept) return kept;
  // From here the page changes: no stamp may vouch for it until its load test passes.
  rmSync(stampFile, { force: true });
  // Loaded only to build (sharp, Plot, linkedom, puppeteer: half a second of a kept run's start-up otherwise).
  const [{ collectReport }, { reportHtml }, { loadReport }, { reportParts }] = await Promise.all([
    import('./collect-report.ts'),
    import('../../../report/proof/report-html.ts'),
    import('./load-report.ts'),
    import('./report-parts.ts'),
  ]);
  const parts = await reportParts(o.cacheDir ? openCache(o.cacheDir) : null);
  const data = await collectReport(o, parts.image);
  if (data.eras.length === 0) {
    throw new CliError(EXIT.badInput, `report: no rendered scene in ${safeText(o.proofDir)} (a scene folder holds summary.json and trace.json: eye render writes them)`);
  }
  const html = reportHtml(data, parts.section);
  const file = join(o.proofDir, 'index.html');
  orEnvironmentError('writing the report', file, () => writeFileAtomic(file, html));
  const plots = (html.match(/<figure class="plot"/g) ?? []).length;
  const load = o.load ? await loadReport(file, join(o.proofDir, 'report.png'), findBrowser()) : null;
  const bytes = Buffer.byteLength(html);
  const diffStills = (data.diff?.scenes ?? []).reduce((n, d) => n + d.baselineStills.length + d.currentStills.length, 0);
  const diffPosters = (data.diff?.scenes ?? []).filter((d) => d.poster !== null).length;
  const budgetBytes = reportByteBudget(data.eras.length, diffStills, diffPosters);
  const pass = reportPasses(bytes, budgetBytes, load);
  const written: WrittenReport = { html: file, bytes, budgetBytes, eras: data.eras.length, plots, load, pass, kept: false, parts: parts.made };
  if (inputsKey && load && pass) {
    const stamp: ReportStamp = { inputsKey, htmlSha256: fileSha256(file), screenshotSha256: fileSha256(load.screenshot), report: written };
    orEnvironmentError('writing the report', stampFile, () => writeFileAtomic(stampFile, `${JSON.stringify(stamp, null, 2)}\n`));
  }
  return written;
}
