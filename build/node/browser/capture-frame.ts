import type { CDPSession } from 'puppeteer-core';
import type { FrameFormat, ImageFormat } from '../../page/protocol.ts';
import { PageError } from '../../core/browser/page-error.ts';
import { applyI420Delta, DeltaError } from '../../core/video/i420-delta.ts';
import { callPage } from './call-page.ts';
import { callPageString } from './call-page-string.ts';
import type { FrameServer } from './frame-server.ts';
import { stepPage } from './step-page.ts';

/**
 * `canvas`: the page's canvas encodes its own pixels (toDataURL) in the same round trip as goToFrame;
 * no compositor at all. `beginFrame`: HeadlessExperimental.beginFrame under --deterministic-mode.
 * `screenshot`: Page.captureScreenshot. The last two are the compositor fallbacks.
 */
export type CaptureMethod = 'canvas' | 'beginFrame' | 'screenshot';
/** What each frame travels in (and ffmpeg takes): an image, or the film's own I420 (protocol.ts). */
export type { FrameFormat };

/** Every frame format, in the order `--format` lists them (its one home). */
export const FRAME_FORMATS: readonly FrameFormat[] = ['i420', 'jpeg', 'png'];

/** JPEG quality when frames travel as JPEG: visually lossless before the H.264 pass (which is lossier). */
export const JPEG_QUALITY = 95;

/**
 * The frame format a pass travels in when none is asked for. The colour film goes as I420: the page
 * converts the canvas's pixels to the film's own samples (cheaper than a JPEG encode in the page and
 * its decode and conversion in ffmpeg, and lossless up to the conversion the film makes anyway; see
 * `eye bench` and docs/speed-capture.md). The mask pass goes as PNG: its flat colours are measured,
 * so they must arrive exactly as RGB.
 */
export function defaultFrameFormat(pass: 'color' | 'mask'): FrameFormat {
  return pass === 'mask' ? 'png' : 'i420';
}

/**
 * The image a compositor path (beginFrame, screenshot) takes for `format`: they make images only, so
 * I420 goes as JPEG there (the probe says so, and the film is encoded from the JPEG).
 */
export function compositorFormat(format: FrameFormat): ImageFormat {
  return format === 'i420' ? 'jpeg' : format;
}

/** The page expression whose value is one frame of the canvas as base64 in `format` (a promise for i420). */
export function canvasImageExpression(format: FrameFormat): string {
  return format === 'i420' ? 'window.__eye.i420()' : `window.__eye.image(${JSON.stringify(format)}, ${JPEG_QUALITY / 100})`;
}

/** An image as the base64 text CDP carried it, not yet decoded. */
export interface Base64Image {
  base64: string;
}

/** A captured image: its bytes as POSTed to the frame server, or base64 as CDP carried it. */
export type FrameImage = Buffer | Base64Image;

/** How a canvas frame reaches Node: POSTed as bytes to the frame server, or as base64 text over CDP. */
export type FrameCarrier = 'post' | 'cdp';

/** Its bytes (a copy only for base64). */
export const imageBytes = (image: FrameImage): Buffer => (Buffer.isBuffer(image) ? image : Buffer.from(image.base64, 'base64'));

/** Write it into a stream (ffmpeg's stdin): base64 is decoded by the stream's own write, never copied here. Returns write's room flag. */
export const writeImage = (stream: NodeJS.WritableStream, image: FrameImage): boolean => (Buffer.isBuffer(image) ? stream.write(image) : stream.write(image.base64, 'base64'));

/** Its length in bytes, without decoding. */
export const imageLength = (image: FrameImage): number => (Buffer.isBuffer(image) ? image.length : Buffer.byteLength(image.base64, 'base64'));

/** The canvas path's POST carrier: the browser's frame server, the largest image it takes, and the film's size (an I420 frame's packet is rebuilt against it). */
export interface FramePost {
  server: FrameServer;
  maxBytes: number;
  width: number;
  height: number;
}

/** The largest image a frame of this size may POST: its raw RGBA and 1 MiB more (a PNG of noise can exceed the raw pixels). */
export const maxImageBytes = (width: number, height: number): number => width * height * 4 + (1 << 20);

/** The last beginFrame time given to each page's session. */
const lastTicksMs = new WeakMap<CDPSession, number>();

export interface FrameGrabber {
  /** Step the page to film frame `frame`, draw it and return its image as it arrived. */
  frame(frame: number): Promise<FrameImage>;
  /** The image of film frame `frame`, which the page has just drawn (goToFrame). */
  grab(frame: number): Promise<FrameImage>;
}

/**
 * Make a grabber for one page.
 * canvas: goToFrame and the canvas's toDataURL in one Runtime.evaluate; the image is exactly the
 * canvas's pixels (the page is one canvas), encoded by the same Chromium JPEG/PNG encoder the
 * compositor paths use.
 * beginFrame: one BeginFrame per film frame, its frame time exactly frame/fps after a start just
 * ahead of the browser's monotonic clock (Chromium's TimeTicks and Node's hrtime are both
 * CLOCK_MONOTONIC; an earlier time would be clamped), so page time advances in whole film frames; the
 * screenshot is taken from that frame. A frame without damage returns no image and reuses the
 * previous one (the pixels did not change).
 * screenshot: the viewport only, encoded for speed.
 */
export function createFrameGrabber(cdp: CDPSession, method: CaptureMethod, format: FrameFormat, fps: number, post: FramePost | null = null): FrameGrabber {
  if (method === 'canvas') {
    const image = canvasImageExpression(format);
    if (post) {
      // An I420 frame arrives as what changed since the frame before it (core/video/i420-delta.ts) and is
      // rebuilt here, in the order the frames were asked for (the page makes them in that order, and two
      // are in flight, so their bodies may arrive the other way round). A packet that cannot make its
      // frame fails the render like any refused request.
      let before: Promise<Buffer | null> = Promise.resolve(null);
      const rebuild = (frame: number, body: Promise<Buffer>): Promise<Buffer> => {
        const made = Promise.all([before, body]).then(([prev, packet]) => {
          const out = Buffer.allocUnsafe((post.width * post.height * 3) / 2);
          try {
            applyI420Delta(prev, packet, post.width, post.height, out);
          } catch (err) {
            if (err instanceof DeltaError) throw new PageError(`frame ${frame}'s image: ${err.message}`);
            throw err;
          }
          return out;
        });
        before = made;
        return made;
      };
      const send = (frame: number, step: boolean): Promise<Buffer> => {
        const name = String(frame);
        const wait = post.server.expect(name, post.maxBytes);
        const postIt = `window.__eye.post(${JSON.stringify(post.server.url(name))}, ${JSON.stringify(format)}, ${JPEG_QUALITY / 100})`;
        const body = (async () => {
          try {
            await callPage<number>(cdp, step ? `(window.__eye.goToFrame(${frame}), ${postIt})` : postIt, true);
            // The server has the whole body before it answers, so an answered POST whose body is not here was refused.
            if (!wait.arrived) throw new PageError(`frame ${frame}'s image was posted but did not arrive`);
          } catch (err) {
            wait.cancel(err as Error);
            throw err;
          }
          return wait.body;
        })();
        return format === 'i420' ? rebuild(frame, body) : body;
      };
      return { frame: (frame) => send(frame, true), grab: (frame) => send(frame, false) };
    }
    // The I420 read is a promise in the page (a VideoFrame's copy); an image is made at once.
    const awaited = format === 'i420';
    const read = async (expression: string): Promise<Base64Image> => ({ base64: await callPageString(cdp, expression, awaited) });
    return {
      frame: (frame) => read(`(window.__eye.goToFrame(${frame}), ${image})`),
      grab: () => read(image),
    };
  }
  if (format === 'i420') throw new RangeError(`the ${method} capture makes images only: i420 frames go through the canvas (compositorFormat gives ${compositorFormat(format)})`);
  const screenshot = { format, ...(format === 'jpeg' ? { quality: JPEG_QUALITY } : {}), optimizeForSpeed: true };
  let grab: (frame: number) => Promise<FrameImage>;
  if (method === 'screenshot') {
    grab = async () => {
      const r = await cdp.send('Page.captureScreenshot', { ...screenshot, captureBeyondViewport: false });
      return { base64: r.data };
    };
  } else {
    const intervalMs = 1000 / fps;
    // A page's frame times only ever go forward: a new grabber on a page whose frames ran ahead of the
    // wall clock (a film rendered faster than real time) starts after the last frame it was given.
    const startTicksMs = Math.max(Number(process.hrtime.bigint() / 1_000_000n) + 1000, (lastTicksMs.get(cdp) ?? -Infinity) + intervalMs);
    let previous: Base64Image | null = null;
    grab = async (frame) => {
      const frameTimeTicks = startTicksMs + frame * intervalMs;
      lastTicksMs.set(cdp, Math.max(lastTicksMs.get(cdp) ?? -Infinity, frameTimeTicks));
      const r = await cdp.send('HeadlessExperimental.beginFrame', { frameTimeTicks, interval: intervalMs, screenshot });
      if (r.screenshotData) previous = { base64: r.screenshotData };
      if (!previous) throw new Error('beginFrame returned no image for the first frame');
      return previous;
    };
  }
  return {
    async frame(frame) {
      await stepPage(cdp, frame);
      return grab(frame);
    },
    grab,
  };
}
