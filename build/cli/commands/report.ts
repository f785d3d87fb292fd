import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/exit.ts';
import { DEFAULT_PARAMS } from '../../measure/params.ts';
import { projectRoot } from '../../node/io/project-root.ts';
import { writeStdout } from '../../node/io/write-stdout.ts';
import { LEDGER_FILE } from '../../jobs/ledger/node/ledger.ts';
import { REPORT_CSP } from '../../report/proof/report-policy.ts';
import type { WrittenReport } from '../../jobs/report/node/run-report.ts';
import { declareOptions, parseOptions, type OptionSpec } from '../option-spec.ts';
import { CHECK_OPTIONS } from './check.ts';

/** `eye report`'s options, each declared once (flag, doc, default, validator). */
export const REPORT_OPTIONS = {
  proofDir: {
    flags: '--proof-dir <dir>',
    doc: 'the proof folder to report on (its scene folders, check/assertions.json); index.html and report.png are written into it',
    default: resolve(projectRoot(), 'proof'),
    defaultText: 'proof/',
    parse: (t: string) => resolve(t),
  },
  ledgerFile: { flags: '--ledger-file <path>', doc: 'the ledger whose history is plotted', default: LEDGER_FILE, defaultText: 'ledger.jsonl', parse: (t: string) => resolve(t) },
  load: { flags: '--no-load', doc: 'write the page only: do not open it in headless Chromium (no load test, no report.png)', default: true },
  force: { flags: '--force', doc: 'build and load-test the page even when its inputs (scene folders, check, the ledger runs it shows, the code) are those of the last run that passed', default: false },
  json: { flags: '--json', doc: 'print the result as JSON', default: false },
  cache: { flags: '--no-cache', doc: "neither restore the page's parts from nor store them into the cache", default: true },
  cacheDir: {
    ...CHECK_OPTIONS.cacheDir,
    doc: "the content-addressed cache: each inlined still and each film's section is kept by exactly what it is made from (a still's bytes, a section's data and code), so a page after one scene's change encodes and plots that scene only",
  },
} satisfies Record<string, OptionSpec<unknown>>;

export function registerReport(program: Command): void {
  const cmd = program
    .command('report')
    .description(
      'Write <proof>/index.html, self-contained. Its first screen is a table of every scene against every check (eye check\'s calm caps, eye render, the pixel proof, and eye diff\'s verdict against the baseline with its approval, from <proof>/diff/diff.json when eye diff has run), failing and changed scenes first, each linked to its section and the review clip; a changed scene\'s section shows its changed events, metrics and stretches and the baseline\'s stills beside the current film\'s. Then per film its stills and contact sheet (inlined), the calm caps eye check asserted, the film ' +
        'against its era\'s p10–p90, SVG plots (gaze with detected events, aperture with blinks, fixation durations against the configured ' +
        'gamma, the main sequence, model vs pixels, a blink raster) and each metric\'s history over the ledger. The films are linked, not ' +
        'inlined: files beside the page, read only when played. Then open it in headless Chromium (file://): exit 1 unless it loads with no ' +
        'console error, no request, no script not its own, its Content-Security-Policy in place, a mark in every plot, every linked film on disk and opening when played, every link landing, and the page within its byte budget (report-budget.ts); a screenshot goes to <proof>/report.png and its first screen to <proof>/report-first-screen.png. A page whose inputs (scene folders, check, the ledger runs it shows, the code) are those of the last run that passed is kept, not built again (<proof>/report.json says what it was made from).',
    );
  declareOptions(cmd, REPORT_OPTIONS).action(async (raw: Record<string, unknown>) => {
    const o = parseOptions(REPORT_OPTIONS, raw);
    const { runReport } = await import('../../jobs/report/node/run-report.ts');
    const r = await runReport({ proofDir: o.proofDir, ledgerFile: o.ledgerFile, params: DEFAULT_PARAMS, load: o.load, force: o.force === true, cacheDir: o.cache ? (o.cacheDir as string) : null });
    writeStdout(o.json ? `${JSON.stringify(r, null, 2)}\n` : `${reportLines(r)}\n`);
    if (!r.pass) throw new CliError(EXIT.assertionFailed, `report: the load test failed (${loadProblems(r).join('; ')})`);
  });
}

function loadProblems(r: WrittenReport): string[] {
  const l = r.load;
  const size = r.bytes > r.budgetBytes ? [`the page is ${(r.bytes / 1e6).toFixed(1)} MB, over its budget of ${(r.budgetBytes / 1e6).toFixed(1)} MB (report-budget.ts)`] : [];
  if (!l) return size;
  return [
    ...size,
    ...(l.errors.length ? [`${l.errors.length} error(s): ${l.errors.slice(0, 3).join(', ')}`] : []),
    ...(l.requests.length ? [`${l.requests.length} request(s): ${l.requests.slice(0, 3).join(', ')}`] : []),
    ...(l.scripts.length ? [`${l.scripts.length} script(s) not the page's own: ${l.scripts.slice(0, 3).join(', ')}`] : []),
    ...(l.csp === REPORT_CSP ? [] : [l.csp === null ? 'the page carries no Content-Security-Policy at the top of its head' : `the page's Content-Security-Policy is not the report's: ${l.csp}`]),
    ...(l.emptyPlots.length ? [`plots without data: ${l.emptyPlots.join(', ')}`] : []),
    ...(l.missingFilms.length ? [`films missing on disk: ${l.missingFilms.join(', ')}`] : []),
    ...(l.unplayableFilms.length ? [`films Chromium could not open: ${l.unplayableFilms.join(', ')}`] : []),
    ...(l.brokenLinks.length ? [`links that land nowhere: ${l.brokenLinks.slice(0, 3).join(', ')}`] : []),
  ];
}

/** The command's lines: what was written, and what the load test saw. */
export function reportLines(r: WrittenReport): string {
  const what = `${relative(process.cwd(), r.html) || r.html} (${(r.bytes / 1e6).toFixed(1)} MB of a ${(r.budgetBytes / 1e6).toFixed(1)} MB budget, ${r.eras} films, ${r.plots} plots)`;
  const lines = [r.kept ? `report: unchanged (the same scene folders, check, ledger runs and code as the run that wrote it), kept ${what}` : `report: ${what}`];
  const p = r.parts;
  if (p) lines[0] += `\nbuilt: ${p.sectionsBuilt.length} film section(s)${p.sectionsBuilt.length ? ` (${p.sectionsBuilt.join(', ')})` : ''}, ${p.sectionsKept} kept; ${p.imagesMade} still(s) encoded, ${p.imagesKept} kept (the cache's report parts)`;
  const l = r.load;
  if (!l) return `${lines[0]}\n(not opened: --no-load)`;
  lines.push(
    `load test (headless Chromium, file://${r.kept ? ', when it was written' : ''}): errors ${l.errors.length}, requests ${l.requests.length} (besides the page; ${l.inlineLoads} inline data: images), scripts not its own ${l.scripts.length}, policy ${l.csp === REPORT_CSP ? 'in place' : 'NOT IN PLACE'}, plots with data ${l.plots.length - l.emptyPlots.length}/${l.plots.length}, films linked ${l.films} (missing ${l.missingFilms.length}, opened when asked ${l.films - l.unplayableFilms.length}), links that land nowhere ${l.brokenLinks.length}`,
    `first screen: ${relative(process.cwd(), l.firstScreen) || l.firstScreen}`,
    `screenshot: ${relative(process.cwd(), l.screenshot) || l.screenshot} covers ${l.coveredPx} of the page's ${l.pageHeightPx} px (${l.strips} strips, scale ${l.scale}: ${l.screenshotWidthPx}x${l.screenshotHeightPx}, ${(l.screenshotBytes / 1e6).toFixed(1)} MB)`,
  );
  return lines.join('\n');
}
