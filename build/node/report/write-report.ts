import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, EXIT } from '../../errors/exit.ts';
import { safeText } from '../../errors/safe-text.ts';
import type { DetectorParams } from '../../measure/params.ts';
import { reportHtml } from '../../report/proof/report-html.ts';
import { findBrowser } from '../browser/find-browser.ts';
import { orEnvironmentError } from '../../errors/environment-error.ts';
import { writeFileAtomic } from '../io/write-file-atomic.ts';
import { collectReport } from './collect-report.ts';
import { loadReport, type ReportLoad } from './load-report.ts';

export interface WriteReportOptions {
  proofDir: string;
  ledgerFile: string;
  params: DetectorParams;
  /** Open the written page in headless Chromium and write <proof>/report.png (false: write the page only). */
  load: boolean;
}

export interface WrittenReport {
  html: string;
  bytes: number;
  eras: number;
  plots: number;
  load: ReportLoad | null;
  /** The load test held: no error, no request, every plot with marks, every film on disk and opening. */
  pass: boolean;
}

/** eye report: proof/index.html written whole (temporary name, then renamed), then opened and checked. */
export async function writeReport(o: WriteReportOptions): Promise<WrittenReport> {
  if (!existsSync(o.proofDir) || !statSync(o.proofDir).isDirectory()) {
    throw new CliError(EXIT.badInput, `report: no proof folder at ${safeText(o.proofDir)} (render first: eye render, or name one with --proof-dir)`);
  }
  const data = await collectReport(o);
  if (data.eras.length === 0) {
    throw new CliError(EXIT.badInput, `report: no rendered scene in ${safeText(o.proofDir)} (a scene folder holds summary.json and trace.json: eye render writes them)`);
  }
  const html = reportHtml(data);
  const file = join(o.proofDir, 'index.html');
  orEnvironmentError('writing the report', file, () => writeFileAtomic(file, html));
  const plots = (html.match(/<figure class="plot"/g) ?? []).length;
  const load = o.load ? await loadReport(file, join(o.proofDir, 'report.png'), findBrowser()) : null;
  const pass = !load || (load.errors.length === 0 && load.requests.length === 0 && load.emptyPlots.length === 0 && load.missingFilms.length === 0 && load.unplayableFilms.length === 0);
  return { html: file, bytes: Buffer.byteLength(html), eras: data.eras.length, plots, load, pass };
}
