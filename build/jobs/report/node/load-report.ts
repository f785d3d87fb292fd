import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'puppeteer-core';
import { DATA_MARK_LABELS } from '../../../report/proof/data-marks.ts';
import { launchChromium } from '../../../node/browser/launch-chromium.ts';
import type { BrowserExecutable } from '../../../node/browser/find-browser.ts';
import { onInterrupt } from '../../../node/io/interrupt.ts';
import { writeFileAtomic } from '../../../node/io/write-file-atomic.ts';
import { captureFullPage } from './capture-full-page.ts';

/** What opening the report in headless Chromium showed. */
export interface ReportLoad {
  /** Console errors, uncaught page errors, failed loads and the policy's violations (securitypolicyviolation events), each as text. */
  errors: string[];
  /** Every request the page made other than for the page itself and its own inline data: URLs (none is expected: films load only when played); a WebSocket too. */
  requests: string[];
  /**
   * Script that is not the page's own (it has none): script elements, event-handler attributes,
   * javascript: URLs and frames in its DOM, and every script the browser compiled for it (the
   * driver's own evaluations aside). Any is a failure, whether the policy stopped it or not.
   */
  scripts: string[];
  /** The Content-Security-Policy the page carries as its head's first element after the charset (null: none there); the page passes only with report-policy.ts's REPORT_CSP. */
  csp: string | null;
  /** Loads of the page's inline data: URLs (the stills and posters): decoded from the page's own text, nothing fetched. */
  inlineLoads: number;
  plots: { id: string; marks: number }[];
  /** Plots whose data marks are all empty. */
  emptyPlots: string[];
  /** Films the page links to, those of them missing on disk, and those Chromium could not open when asked to (after the counts). */
  films: number;
  missingFilms: string[];
  unplayableFilms: string[];
  /** Links that land nowhere: an in-page #fragment with no element of that id, or a file beside the page that is not there. */
  brokenLinks: string[];
  /** The first screen's table as the browser laid it out: each row's scene, its status class, its links, and how far down the page its bottom is (px, at FIRST_SCREEN's width). */
  overview: { scene: string; status: string; links: string[]; bottomPx: number }[];
  /** The scene sections (section.era) in page order, by id. */
  sections: string[];
  screenshot: string;
  /** The page's first screen as a reader opens it (FIRST_SCREEN), beside the full screenshot. */
  firstScreen: string;
  /** The page's height, px, and the rows of it the screenshot holds (all of them: taken in strips, Chromium caps one capture at 16384 px). */
  pageHeightPx: number;
  coveredPx: number;
  /** The screenshot as written: its size in px (the page scaled by `scale`), its strips, its bytes. */
  screenshotWidthPx: number;
  screenshotHeightPx: number;
  scale: number;
  strips: number;
  screenshotBytes: number;
}

const VIEW_WIDTH_PX = 1200;
/** The first screen: what a reader sees on opening the page on a laptop, before scrolling. */
export const FIRST_SCREEN = { width: 1280, height: 800 } as const;
/**
 * The screenshot is the whole page at this scale. Measured on a 26-film page (98,041 px, 2026-12-01):
 * at 1 the PNG was 49.1 MB; at one half 19.2 MB in full colour, 5.2 MB in a 256-colour palette
 * (capture-full-page.ts), its text and plots still legible when cropped.
 */
export const SCREENSHOT_SCALE = 0.5;
const SETTLE_MS = 1500;
/** Written beside the full screenshot. */
export const FIRST_SCREEN_FILE = 'report-first-screen.png';
const FILM_OPEN_MS = 10_000;

/**
 * Record what a page runs and reaches for that puppeteer's events do not show: each script the browser
 * compiles for it (the driver's own evaluations carry puppeteer's pptr: URLs; scripts added before the
 * page's own, like the listener below, have none), each WebSocket it opens (as a request), and each
 * violation of its policy (as an error). Pauses are skipped: a `debugger` statement cannot hold the test.
 */
async function watchScripts(page: Page, requests: string[], errors: string[]): Promise<string[]> {
  const compiled: string[] = [];
  const cdp = await page.createCDPSession();
  cdp.on('Debugger.scriptParsed', (e: { url: string }) => {
    if (e.url && !e.url.startsWith('pptr:')) compiled.push(`script compiled from ${e.url.slice(0, 120)}`);
  });
  cdp.on('Network.webSocketCreated', (e: { url: string }) => requests.push(e.url.slice(0, 120)));
  await Promise.all([cdp.send('Debugger.enable'), cdp.send('Network.enable')]);
  await cdp.send('Debugger.setSkipAllPauses', { skip: true });
  await page.exposeFunction('__eyeLoadTestViolation', (text: string) => errors.push(`csp: ${String(text).slice(0, 160)}`));
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __eyeLoadTestViolation(t: string): void }).__eyeLoadTestViolation(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'}`);
    });
  });
  return compiled;
}

/**
 * Open the written report from disk as a reader would (file://), count errors and requests, check
 * every plot has marks and every linked film exists, and write a screenshot of it.
 */
export async function loadReport(htmlFile: string, screenshotFile: string, executable: BrowserExecutable): Promise<ReportLoad> {
  const { browser, userDataDir } = await launchChromium({ executable, width: VIEW_WIDTH_PX, height: 900, deterministic: false, viewport: { width: VIEW_WIDTH_PX, height: 900 } });
  // Ctrl-C: the browser and its profile go with us (the CLI exits 130 after its cleanups).
  const forget = onInterrupt(() => {
    browser.process()?.kill('SIGKILL');
    rmSync(userDataDir, { recursive: true, force: true });
  });
  try {
    const page = await browser.newPage();
    const pageUrl = pathToFileURL(htmlFile).href;
    const errors: string[] = [];
    const requests: string[] = [];
    let inlineLoads = 0;
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`page: ${e instanceof Error ? e.message : String(e)}`));
    page.on('requestfailed', (r) => errors.push(`failed: ${r.url().slice(0, 120)}`));
    page.on('request', (r) => {
      if (r.url().startsWith('data:')) inlineLoads++;
      else if (r.url() !== pageUrl) requests.push(r.url().slice(0, 120));
    });
    const compiled = await watchScripts(page, requests, errors);
    await page.goto(pageUrl, { waitUntil: 'load', timeout: 60_000 });
    // A moment for anything lazy (images decode, media elements settle) to ask for more, and for the
    // video controls' start-up spinner to go (at 300 ms it still sits over every poster; at 1.5 s not).
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const found = await page.evaluate((dataMarks: string[]) => {
      const plots = [...document.querySelectorAll('figure.plot')].map((f) => {
        let marks = 0;
        for (const g of f.querySelectorAll('g[aria-label]')) if (dataMarks.includes(g.getAttribute('aria-label') ?? '')) marks += g.childElementCount;
        return { id: f.getAttribute('data-plot') ?? '?', marks };
      });
      const films = [...document.querySelectorAll('video')].map((v) => new URL(v.getAttribute('src') ?? '', document.baseURI).href);
      // Links: a fragment must name an element; anything else is a file beside the page (checked on disk below).
      const deadFragments: string[] = [];
      const fileLinks: string[] = [];
      for (const a of document.querySelectorAll('a[href]')) {
        const h = a.getAttribute('href') ?? '';
        if (h.startsWith('#')) {
          let id = h.slice(1);
          try {
            id = decodeURIComponent(id);
          } catch {
            // Not percent-encoding: the id is the text as written.
          }
          if (!document.getElementById(id)) deadFragments.push(h);
        } else fileLinks.push(new URL(h, document.baseURI).href);
      }
      // Script in the DOM: the page's own has none of these.
      const present: string[] = [];
      for (const el of document.querySelectorAll('*')) {
        const tag = el.localName;
        if (['script', 'iframe', 'frame', 'object', 'embed'].includes(tag)) present.push(`<${tag}> element`);
        for (const a of el.attributes) {
          if (a.name.startsWith('on')) present.push(`${a.name} attribute on <${tag}>`);
          else if (/^\s*javascript:/i.test(a.value)) present.push(`javascript: URL in ${a.name} of <${tag}>`);
        }
      }
      const first = document.head?.firstElementChild;
      const meta = first?.matches('meta[charset]') ? first.nextElementSibling : first;
      const csp = meta?.matches('meta[http-equiv="Content-Security-Policy" i]') ? meta.getAttribute('content') : null;
      return { plots, films, deadFragments, fileLinks, height: document.documentElement.scrollHeight, present, csp };
    }, [...DATA_MARK_LABELS]);
    const firstScreen = join(dirname(screenshotFile), FIRST_SCREEN_FILE);
    await page.setViewport(FIRST_SCREEN);
    const layout = await page.evaluate(() => ({
      overview: [...document.querySelectorAll('table.overview tbody tr')].map((tr) => ({
        scene: tr.querySelector('td')?.textContent ?? '',
        status: tr.getAttribute('class') ?? '',
        links: [...tr.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
        bottomPx: Math.round(tr.getBoundingClientRect().bottom + window.scrollY),
      })),
      sections: [...document.querySelectorAll('section.era')].map((s) => s.id),
    }));
    writeFileAtomic(firstScreen, Buffer.from(await page.screenshot({ type: 'png' })));
    await page.setViewport({ width: VIEW_WIDTH_PX, height: 900 });
    const shot = await captureFullPage(page, VIEW_WIDTH_PX, found.height, SCREENSHOT_SCALE);
    writeFileAtomic(screenshotFile, shot.png);
    // Only now, with the counts taken: each film asked for as a play would ask, to show the links play.
    const counted = { errors: [...errors], requests: [...requests], scripts: [...found.present, ...compiled] };
    // One film at a time, each with its own wait: all 26 asked at once under a loaded machine's 10-s
    // wait failed every one of them (a base make.sh at load 25), though each opened when asked alone.
    const unplayable = await page.evaluate(async (waitMs: number) => {
      const failed: string[] = [];
      for (const v of document.querySelectorAll('video')) {
        const opened = await new Promise<boolean>((done) => {
          v.addEventListener('loadedmetadata', () => done(Number.isFinite(v.duration) && v.duration > 0), { once: true });
          v.addEventListener('error', () => done(false), { once: true });
          setTimeout(() => done(false), waitMs);
          v.preload = 'metadata';
          v.load();
        });
        if (!opened) failed.push(v.getAttribute('src') ?? '?');
      }
      return failed;
    }, FILM_OPEN_MS);
    return {
      errors: counted.errors,
      requests: counted.requests,
      scripts: counted.scripts,
      csp: found.csp,
      unplayableFilms: unplayable,
      inlineLoads,
      plots: found.plots,
      emptyPlots: found.plots.filter((p) => p.marks === 0).map((p) => p.id),
      films: found.films.length,
      missingFilms: found.films.filter((u) => !u.startsWith('file:') || !existsSync(fileURLToPath(u))),
      brokenLinks: [...found.deadFragments, ...found.fileLinks.filter((u) => !u.startsWith('file:') || !existsSync(fileURLToPath(u)))],
      overview: layout.overview,
      sections: layout.sections,
      screenshot: screenshotFile,
      firstScreen,
      pageHeightPx: found.height,
      coveredPx: shot.coveredPx,
      screenshotWidthPx: shot.widthPx,
      screenshotHeightPx: shot.heightPx,
      scale: SCREENSHOT_SCALE,
      strips: shot.strips,
      screenshotBytes: shot.png.length,
    };
  } finally {
    forget();
    await browser.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
