import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DATA_MARK_LABELS } from '../../report/proof/data-marks.ts';
import { launchChromium } from '../browser/launch-chromium.ts';
import type { BrowserExecutable } from '../browser/find-browser.ts';
import { onInterrupt } from '../io/interrupt.ts';
import { writeFileAtomic } from '../io/write-file-atomic.ts';
import { captureFullPage } from './capture-full-page.ts';

/** What opening the report in headless Chromium showed. */
export interface ReportLoad {
  /** Console errors, uncaught page errors and failed loads, each as text. */
  errors: string[];
  /** Every request the page made other than for the page itself and its own inline data: URLs (none is expected: films load only when played). */
  requests: string[];
  /** Loads of the page's inline data: URLs (the stills and posters): decoded from the page's own text, nothing fetched. */
  inlineLoads: number;
  plots: { id: string; marks: number }[];
  /** Plots whose data marks are all empty. */
  emptyPlots: string[];
  /** Films the page links to, those of them missing on disk, and those Chromium could not open when asked to (after the counts). */
  films: number;
  missingFilms: string[];
  unplayableFilms: string[];
  screenshot: string;
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
/**
 * The screenshot is the whole page at this scale. Measured on a 26-film page (98,041 px, 2026-12-01):
 * at 1 the PNG was 49.1 MB; at one half 19.2 MB in full colour, 5.2 MB in a 256-colour palette
 * (capture-full-page.ts), its text and plots still legible when cropped.
 */
export const SCREENSHOT_SCALE = 0.5;
const SETTLE_MS = 1500;
const FILM_OPEN_MS = 10_000;

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
      return { plots, films, height: document.documentElement.scrollHeight };
    }, [...DATA_MARK_LABELS]);
    const shot = await captureFullPage(page, VIEW_WIDTH_PX, found.height, SCREENSHOT_SCALE);
    writeFileAtomic(screenshotFile, shot.png);
    // Only now, with the counts taken: each film asked for as a play would ask, to show the links play.
    const counted = { errors: [...errors], requests: [...requests] };
    const unplayable = await page.evaluate(async (waitMs: number) => {
      const videos = [...document.querySelectorAll('video')];
      const opened = await Promise.all(
        videos.map(
          (v) =>
            new Promise<boolean>((done) => {
              v.addEventListener('loadedmetadata', () => done(Number.isFinite(v.duration) && v.duration > 0), { once: true });
              v.addEventListener('error', () => done(false), { once: true });
              setTimeout(() => done(false), waitMs);
              v.preload = 'metadata';
              v.load();
            }),
        ),
      );
      return videos.filter((_, i) => !opened[i]).map((v) => v.getAttribute('src') ?? '?');
    }, FILM_OPEN_MS);
    return {
      errors: counted.errors,
      requests: counted.requests,
      unplayableFilms: unplayable,
      inlineLoads,
      plots: found.plots,
      emptyPlots: found.plots.filter((p) => p.marks === 0).map((p) => p.id),
      films: found.films.length,
      missingFilms: found.films.filter((u) => !u.startsWith('file:') || !existsSync(fileURLToPath(u))),
      screenshot: screenshotFile,
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
