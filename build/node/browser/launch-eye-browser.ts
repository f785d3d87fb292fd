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
import { compositorFormat, createFrameGrabber, imageBytes, maxImageBytes, type CaptureMethod, type FrameCarrier, type FrameFormat, type FrameGrabber, type FrameImage } from './capture-frame.ts';
import { startFrameServer, type FrameServer } from './frame-server.ts';
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
  /** How canvas frames reach Node (`auto`, the default: POST if the probe's bytes arrive, else CDP). */
  carrier?: 'auto' | FrameCarrier;
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
  /** How the canvas's frames reach Node (null on the compositor paths, whose images come over CDP). */
  readonly carrier: FrameCarrier | null;
  /** Load a scene into a fresh copy of the page; resolves to its frame count. With `measure`, the page measures every frame's mask. */
  load(scene: Scene, pass: RenderPass, measure?: PixelMeasureOptions | null): Promise<number>;
  goToFrame(frame: number): Promise<void>;
  /** Step to frame n, draw it and return its image (one round trip on the canvas path). */
  frame(frame: number): Promise<Buffer>;
  /** The same image as it arrived (bytes by POST, or base64 over CDP), for a consumer that needs no Buffer of its own (the render). */
  frameImage(frame: number): Promise<FrameImage>;
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
  /** The one port on 127.0.0.1 its pages may reach: its frame server (the network test aims a hostile page at it). */
  readonly framePort: number;
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
  /** The one place the page may send to: its frames (frame-server.ts). */
  server: FrameServer;
}

/**
 * Watch a page for the two ways a render's browser fails outside a call: its renderer dies (a kill -9
 * of the `--type=renderer` process: without this, calls in flight wait out the 60-s protocol timeout),
 * or the page asks the network for something, which is refused and recorded (the driver, not only
 * the page, keeps a render offline; the browser's flags, browser-args.ts, stop what CDP cannot see).
 */
async function watchPage(browser: Browser, page: Page, cdp: CDPSession, server: FrameServer, refused: string[]): Promise<Pick<Launched, 'crashes'>> {
  const crashes = createCrashWatch();
  page.once('error', (e: Error) => crashes.crashed(new BrowserCrashError(`the page's renderer crashed (${e.message})`)));
  browser.once('disconnected', () => crashes.crashed(new BrowserCrashError('the browser disconnected')));
  cdp.on('Fetch.requestPaused', (e: { requestId: string; request: { url: string } }) => {
    refused.push(e.request.url);
    cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  });
  // Every kind of request is paused and failed but fetch(), XHR and EventSource: a paused request's body is copied to
  // Node over CDP (a frame's JPEG, ~26 CPU-ms), and the frames are fetch() POSTs to the frame server.
  // Those are recorded below instead; the flags (browser-args.ts) keep them from any other address or port.
  await cdp.send('Fetch.enable', { patterns: INTERCEPTED.map((resourceType) => ({ urlPattern: '*', resourceType })) });
  // Every request is seen here, a WebSocket's handshake too (it never reaches Fetch): all but the frame
  // server's are recorded as refused. The server refuses and records what it was not waiting for.
  cdp.on('Network.requestWillBeSent', (e: { request: { url: string } }) => {
    if (!server.owns(e.request.url)) refused.push(e.request.url);
  });
  cdp.on('Network.webSocketCreated', (e: { url: string }) => refused.push(e.url));
  // No POST bodies in its events: the frames' are recorded nowhere else, and copying them cost ~10 CPU-ms a 720p frame.
  await cdp.send('Network.enable', { maxPostDataSize: 0 });
  return { crashes };
}

/**
 * The resource types (Network.ResourceType) a Fetch filter accepts, all but those a fetch() falls under:
 * what the Fetch domain pauses and fails. Chromium 156 pauses a fetch() under a filter on XHR, Fetch or
 * EventSource (one bucket), and rejects a filter on TextTrack, Prefetch, WebSocket, Manifest,
 * SignedExchange, Preflight or FedCM; all of those requests are seen and recorded by the Network domain.
 */
const INTERCEPTED = ['Document', 'Stylesheet', 'Image', 'Media', 'Font', 'Script', 'Ping', 'CSPViolationReport', 'Other'] as const;

async function launch(o: EyeBrowserOptions, deterministic: boolean): Promise<Launched> {
  let userDataDir: string | null = null;
  let started: Browser | null = null;
  const refused: string[] = [];
  const server = await startFrameServer((what) => refused.push(what));
  try {
    const launched = await launchChromium({ executable: o.executable, width: o.width, height: o.height, deterministic, viewport: null, protocolTimeoutMs: 60_000, framePort: server.port });
    userDataDir = launched.userDataDir;
    const { browser } = launched;
    started = browser;
    // Under --deterministic-mode only the first tab has begin-frame control: use it, never open another.
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    const cdp = await page.createCDPSession();
    return { browser, page, cdp, userDataDir, refused, server, ...(await watchPage(browser, page, cdp, server, refused)) };
  } catch (err) {
    void server.close();
    if (started) killGroup(started); // started, then failed to be set up: it must not outlive the error
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    // It exists (discovery found it) but will not start: missing libraries, a wrong binary. The machine's problem.
    const why = (err as Error).message.split('\n')[0];
    throw new CliError(EXIT.environment, `cannot start the browser ${o.executable.path}: ${why} (install chromium-headless-shell, or set PUPPETEER_EXECUTABLE_PATH)`);
  }
}

/**
 * Can the page POST to the frame server? A few known bytes sent as a frame is, compared on arrival,
 * within 5 s. Any failure means the CDP carrier: slower, the same bytes.
 */
async function probePost(l: Launched): Promise<{ ok: boolean; why: string }> {
  // What the probe itself got refused (the server refusing its body: over its bound, or cut short; a
  // changed body is accepted, then compared) is not the render's: the CDP carrier follows, and its
  // first frame would otherwise fail on that record.
  const refusedBefore = l.refused.length;
  const sent = [101, 121, 101, 10];
  const wait = l.server.expect('probe', 64);
  const timer = new Promise<never>((_, no) => setTimeout(() => no(new Error('nothing arrived within 5 s')), 5000).unref());
  try {
    const post = callPage<number>(l.cdp, `fetch(${JSON.stringify(l.server.url('probe'))}, { method: 'POST', mode: 'no-cors', credentials: 'omit', body: new Blob([new Uint8Array(${JSON.stringify(sent)})]) }).then(() => 1)`, true);
    const [body] = await Promise.race([Promise.all([wait.body, post]), timer]);
    if (!body.equals(Buffer.from(sent))) {
      l.refused.length = refusedBefore;
      return { ok: false, why: 'the probe POST arrived changed' };
    }
    return { ok: true, why: 'frames are POSTed to 127.0.0.1 as bytes' };
  } catch (err) {
    wait.cancel(err as Error);
    l.refused.length = refusedBefore;
    return { ok: false, why: `the probe POST failed (${(err as Error).message.split('\n')[0]}); frames go as base64 over CDP` };
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
function killGroup(browser: Browser): void {
  const pid = browser.process()?.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    browser.process()?.kill('SIGKILL');
  }
}

/** Kill the browser, remove its profile, close its frame server. */
function dispose(l: Launched): void {
  killGroup(l.browser);
  rmSync(l.userDataDir, { recursive: true, force: true });
  void l.server.close();
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
  let carrier: FrameCarrier | null = null;
  if (method === 'canvas') {
    const found = o.carrier === 'cdp' ? { ok: false, why: 'frames go as base64 over CDP, as asked' } : await probePost(it);
    if (!found.ok && o.carrier === 'post') {
      dispose(it);
      throw new Error(`frames cannot be POSTed in ${o.executable.path}: ${found.why}`);
    }
    carrier = found.ok ? 'post' : 'cdp';
    probe = `${probe}; ${found.why}`;
  }
  const version = await it.browser.version();
  let grabber: FrameGrabber | null = null;
  // The compositor paths make images only: an I420 film is encoded from their JPEG (the probe says so).
  let format = method === 'canvas' ? o.format : compositorFormat(o.format);
  if (format !== o.format) probe = `${probe}; frames go as ${format}, not ${o.format}`;
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

  const frameImage = async (frame: number): Promise<FrameImage> => {
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
    carrier,
    async load(scene, pass, measure) {
      return guard(
        (async () => {
          // The page is reused across scenes (load() rebuilds the model; the renderer's per-size
          // layers stay painted, and they are a pure function of the size, so pixels do not change).
          if (scene.width !== size.width || scene.height !== size.height) {
            await it.page.setViewport({ width: scene.width, height: scene.height, deviceScaleFactor: 1 });
            size = { width: scene.width, height: scene.height };
          }
          const post = carrier === 'post' ? { server: it.server, maxBytes: maxImageBytes(scene.width, scene.height), width: scene.width, height: scene.height } : null;
          grabber = createFrameGrabber(it.cdp, method, format, scene.fps, post);
          const { frameCount } = await callPage<{ frameCount: number }>(it.cdp, `window.__eye.load(${JSON.stringify(scene)}, ${JSON.stringify(pass)}, ${JSON.stringify(measure ?? null)})`, true);
          return frameCount;
        })(),
      );
    },
    goToFrame(frame) {
      return guard(stepPage(it.cdp, frame));
    },
    async frame(frame) {
      return imageBytes(await frameImage(frame));
    },
    frameImage,
    async grab(frame) {
      if (!grabber) throw new Error('grab before load');
      return imageBytes(await guard(grabber.grab(frame)));
    },
    setCapture(m, f) {
      if (m !== 'screenshot' && !deterministic) throw new Error(`capture ${m}: this browser was launched for screenshots only`);
      if (m !== 'canvas' && f !== compositorFormat(f)) throw new Error(`capture ${m} as ${f}: the compositor makes images only (png or jpeg)`);
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
    framePort: it.server.port,
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
