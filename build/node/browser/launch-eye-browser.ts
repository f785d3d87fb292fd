import { rmSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { CliError, EXIT } from '../../errors/exit.ts';
import type { TraceChunk } from '../../model/trace.ts';
import type { PixelChunk } from '../../measure/pixels/pixel-trace.ts';
import type { PixelMeasureOptions, RenderPass } from '../../page/protocol.ts';
import type { Scene } from '../../scene/scene.ts';
import { bundlePage } from './bundle-page.ts';
import { launchChromium } from './launch-chromium.ts';
import { callPage } from './call-page.ts';
import { createCrashWatch, raceCrash, type CrashWatch } from '../../core/browser/crash-watch.ts';
import { createFrameGrabber, type Base64Image, type CaptureMethod, type FrameFormat, type FrameGrabber } from './capture-frame.ts';
import type { BrowserExecutable } from './find-browser.ts';
import { BrowserCrashError, PageError, RefusedRequestError } from '../../core/browser/page-error.ts';
import { pageHtml } from '../../core/browser/page-html.ts';
import { probeBeginFrame } from './probe-begin-frame.ts';
import { probeCanvasCapture } from './probe-canvas-capture.ts';
import { stepPage } from './step-page.ts';

export interface EyeBrowserOptions {
  executable: BrowserExecutable;
  /** `auto`: the canvas's own pixels if the page can encode the format, else beginFrame if its probe works, else screenshots. */
  capture: 'auto' | CaptureMethod;
  format: FrameFormat;
  /** The first scene's size (the window is resized per scene). */
  width: number;
  height: number;
}

/** One headless Chromium with the eye page loaded, driven through the page protocol. */
export interface EyeBrowser {
  readonly method: CaptureMethod;
  readonly format: FrameFormat;
  /** Launched under --deterministic-mode (the canvas and beginFrame paths need it; screenshots do not). */
  readonly deterministic: boolean;
  readonly version: string;
  /** Why the capture method is what it is (the probe's finding). */
  readonly probe: string;
  /** Load a scene into a fresh copy of the page; resolves to its frame count. With `measure`, the page measures every frame's mask. */
  load(scene: Scene, pass: RenderPass, measure?: PixelMeasureOptions | null): Promise<number>;
  goToFrame(frame: number): Promise<void>;
  /** Step to frame n, draw it and return its image (one round trip on the canvas path). */
  frame(frame: number): Promise<Buffer>;
  /** The same image as CDP carried it (base64), for a consumer that never needs it as a Buffer (the render). */
  frameBase64(frame: number): Promise<Base64Image>;
  /** The image of the frame just drawn (pass the same frame number). */
  grab(frame: number): Promise<Buffer>;
  /**
   * Capture the next loaded scene another way (the benchmark compares paths in one browser). A
   * compositor-free browser (not deterministic) can only take screenshots.
   */
  setCapture(method: CaptureMethod, format: FrameFormat): void;
  readTrace(): Promise<TraceChunk>;
  /** The pixel rows the page measured since the last read. */
  readPixels(): Promise<PixelChunk>;
  /** The page's digest of the sample stream it drew since load (FrameFeed; asked once, after the last frame). */
  feedDigest(): Promise<string>;
  /** A plain `page.screenshot()` of the page as it is (the benchmark's baseline; screenshot method only). */
  plainScreenshot(): Promise<Buffer>;
  /** False once the browser has gone away. */
  alive(): boolean;
  /** The browser's process id (tests find its renderer to kill). */
  readonly pid: number | undefined;
  /** Evaluate an expression in the page, awaiting a promise (a test's hook: the network and crash tests). */
  runInPage(expression: string): Promise<unknown>;
  close(): Promise<void>;
  /** Synchronous kill for Ctrl-C: SIGKILL the browser and remove its profile. */
  killNow(): void;
}

interface Launched {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  userDataDir: string;
  /** Its renderer crashed or it disconnected (crash-watch.ts: why a subscription, not a promise). */
  crashes: CrashWatch;
  /** Requests the page made, refused (a render loads nothing). */
  refused: string[];
}

/**
 * Watch a page for the two ways a render's browser fails outside a call: its renderer dies (a kill -9
 * of the `--type=renderer` process: without this, calls in flight wait out the 60-s protocol timeout),
 * or the page asks the network for something, which is refused and recorded (the driver, not only
 * the page, keeps a render offline; the browser's flags, browser-args.ts, stop what CDP cannot see).
 */
async function watchPage(browser: Browser, page: Page, cdp: CDPSession): Promise<Pick<Launched, 'crashes' | 'refused'>> {
  const crashes = createCrashWatch();
  page.once('error', (e: Error) => crashes.crashed(new BrowserCrashError(`the page's renderer crashed (${e.message})`)));
  browser.once('disconnected', () => crashes.crashed(new BrowserCrashError('the browser disconnected')));
  const refused: string[] = [];
  cdp.on('Fetch.requestPaused', (e: { requestId: string; request: { url: string } }) => {
    refused.push(e.request.url);
    cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  // A WebSocket's handshake never reaches Fetch: recorded here (the browser's flags keep it from connecting).
  cdp.on('Network.webSocketCreated', (e: { url: string }) => refused.push(e.url));
  await cdp.send('Network.enable');
  return { crashes, refused };
}

async function launch(o: EyeBrowserOptions, deterministic: boolean): Promise<Launched> {
  let userDataDir: string | null = null;
  try {
    const launched = await launchChromium({ executable: o.executable, width: o.width, height: o.height, deterministic, viewport: null, protocolTimeoutMs: 60_000 });
    userDataDir = launched.userDataDir;
    const { browser } = launched;
    // Under --deterministic-mode only the first tab has begin-frame control: use it, never open another.
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    const cdp = await page.createCDPSession();
    return { browser, page, cdp, userDataDir, ...(await watchPage(browser, page, cdp)) };
  } catch (err) {
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    // It exists (discovery found it) but will not start: missing libraries, a wrong binary. The machine's problem.
    const why = (err as Error).message.split('\n')[0];
    throw new CliError(EXIT.environment, `cannot start the browser ${o.executable.path}: ${why} (install chromium-headless-shell, or set PUPPETEER_EXECUTABLE_PATH)`);
  }
}

async function openPage(l: Launched, width: number, height: number): Promise<void> {
  await l.page.setViewport({ width, height, deviceScaleFactor: 1 });
  const errors: string[] = [];
  const onError = (e: unknown) => errors.push(e instanceof Error ? e.message : String(e));
  l.page.on('pageerror', onError);
  try {
    await l.page.setContent(pageHtml(await bundlePage(), 'render'), { waitUntil: 'load', timeout: 30_000 });
    const ok = await callPage<boolean>(l.cdp, 'typeof window.__eye === "object"');
    if (!ok) throw new PageError(`the page did not start: ${errors[0] ?? 'window.__eye is missing'}`);
  } finally {
    l.page.off('pageerror', onError);
  }
}

/**
 * Kill the browser's whole process group: puppeteer starts it detached (its own group), and Debian's
 * /usr/bin/chromium-headless-shell is a shell wrapper that does not exec, so killing only the child
 * would orphan the real browser.
 */
function dispose(l: Launched): void {
  const pid = l.browser.process()?.pid;
  if (pid !== undefined) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      l.browser.process()?.kill('SIGKILL');
    }
  }
  rmSync(l.userDataDir, { recursive: true, force: true });
}

/**
 * Launch Chromium and load the eye page. Unless screenshots are asked for, it launches under
 * --deterministic-mode (the compositor makes no frame unless asked, so the canvas path pays for none)
 * and probes: the canvas's own pixels first, then HeadlessExperimental.beginFrame; if neither works
 * it relaunches plainly and captures with Page.captureScreenshot.
 */
export async function launchEyeBrowser(o: EyeBrowserOptions): Promise<EyeBrowser> {
  let l: Launched | null = null;
  let method: CaptureMethod = 'screenshot';
  let probe = 'screenshots were asked for';
  if (o.capture !== 'screenshot') {
    l = await launch(o, true);
    await openPage(l, o.width, o.height).catch((err) => {
      dispose(l!);
      throw err;
    });
    const failed: string[] = [];
    let chosen = false;
    if (o.capture === 'auto' || o.capture === 'canvas') {
      const found = await probeCanvasCapture(l.cdp, o.format);
      if (found.ok) [chosen, method, probe] = [true, 'canvas', found.why];
      else if (o.capture === 'canvas') {
        dispose(l);
        throw new Error(`canvas capture does not work in ${o.executable.path}: ${found.why}`);
      } else failed.push(`canvas probe failed (${found.why})`);
    }
    if (!chosen) {
      const found = await probeBeginFrame(l.cdp);
      if (found.ok) [chosen, method, probe] = [true, 'beginFrame', [...failed, found.why].join('; ')];
      else {
        dispose(l);
        l = null;
        if (o.capture === 'beginFrame') throw new Error(`HeadlessExperimental.beginFrame does not work in ${o.executable.path}: ${found.why}`);
        probe = [...failed, `beginFrame probe failed (${found.why}); falling back to Page.captureScreenshot`].join('; ');
      }
    }
  }
  const deterministic = l !== null;
  if (!l) {
    l = await launch(o, false);
    await openPage(l, o.width, o.height).catch((err) => {
      dispose(l!);
      throw err;
    });
  }
  const it: Launched = l;
  const version = await it.browser.version();
  let grabber: FrameGrabber | null = null;
  let format = o.format;
  let size = { width: o.width, height: o.height };
  let closed = false;

  /** Turn a failure into a crash if the browser is gone (so the scene is retried), else pass it on. */
  const guard = async <T>(work: Promise<T>): Promise<T> => {
    try {
      const result = await raceCrash(it.crashes, work);
      if (it.refused.length > 0) throw new RefusedRequestError(it.refused[0]);
      return result;
    } catch (err) {
      if (err instanceof BrowserCrashError || err instanceof RefusedRequestError) throw err;
      if (err instanceof PageError) throw err;
      if (!it.browser.connected || it.browser.process()?.exitCode !== null || it.browser.process()?.signalCode) {
        throw new BrowserCrashError(`the browser went away: ${(err as Error).message.split('\n')[0]}`);
      }
      throw err;
    }
  };

  const frameBase64 = async (frame: number): Promise<Base64Image> => {
    if (!grabber) throw new Error('frame before load');
    return guard(grabber.frame(frame));
  };

  return {
    get method() {
      return method;
    },
    get format() {
      return format;
    },
    deterministic,
    version,
    probe,
    async load(scene, pass, measure) {
      return guard(
        (async () => {
          // The page is reused across scenes (load() rebuilds the model; the renderer's per-size
          // layers stay painted, and they are a pure function of the size, so pixels do not change).
          if (scene.width !== size.width || scene.height !== size.height) {
            await it.page.setViewport({ width: scene.width, height: scene.height, deviceScaleFactor: 1 });
            size = { width: scene.width, height: scene.height };
          }
          grabber = createFrameGrabber(it.cdp, method, format, scene.fps);
          const { frameCount } = await callPage<{ frameCount: number }>(it.cdp, `window.__eye.load(${JSON.stringify(scene)}, ${JSON.stringify(pass)}, ${JSON.stringify(measure ?? null)})`, true);
          return frameCount;
        })(),
      );
    },
    goToFrame(frame) {
      return guard(stepPage(it.cdp, frame));
    },
    async frame(frame) {
      return Buffer.from((await frameBase64(frame)).base64, 'base64');
    },
    frameBase64,
    async grab(frame) {
      if (!grabber) throw new Error('grab before load');
      return Buffer.from((await guard(grabber.grab(frame))).base64, 'base64');
    },
    setCapture(m, f) {
      if (m !== 'screenshot' && !deterministic) throw new Error(`capture ${m}: this browser was launched for screenshots only`);
      [method, format, grabber] = [m, f, null];
    },
    readTrace() {
      return guard(callPage<TraceChunk>(it.cdp, 'window.__eye.readTrace()'));
    },
    readPixels() {
      return guard(callPage<PixelChunk>(it.cdp, 'window.__eye.readPixels()'));
    },
    feedDigest() {
      return guard(callPage<string>(it.cdp, 'window.__eye.feedDigest()'));
    },
    async plainScreenshot() {
      return Buffer.from(await guard(it.page.screenshot()));
    },
    alive() {
      return !closed && it.browser.connected;
    },
    get pid() {
      return it.browser.process()?.pid;
    },
    runInPage(expression) {
      return guard(callPage<unknown>(it.cdp, expression, true));
    },
    async close() {
      if (closed) return;
      closed = true;
      await it.browser.close().catch(() => undefined);
      dispose(it);
    },
    killNow() {
      closed = true;
      dispose(it);
    },
  };
}
