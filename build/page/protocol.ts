import type { Scene } from '../scene/scene.ts';
import type { TraceChunk } from '../model/trace.ts';
import type { PixelChunk } from '../measure/pixels/pixel-trace.ts';
import type { RenderPass } from '../render/render-pass.ts';

/** The renderer's passes are its own (build/render/render-pass.ts); the protocol passes one to load(). */
export type { RenderPass };

/**
 * The pixel path (pipeline.md, measuring): besides the film's own pass, the page draws each frame's
 * mask pass with the same geometry on an offscreen canvas, `maskScale` × the film's size, and
 * measures it (build/measure/pixels). `maskUpperLidOffsetMm` draws the mask's upper lid that much
 * lower than the model says: a deliberately broken mask, so a test can show the check failing.
 */
export interface PixelMeasureOptions {
  maskScale: number;
  maskUpperLidOffsetMm?: number;
}

/** How an image of the canvas is encoded (by Chromium's own encoders, in the page or the compositor). */
export type ImageFormat = 'png' | 'jpeg';

/**
 * What a frame travels in: an image, or `i420`, the film's own BT.709 tv-range 4:2:0 samples, made in
 * the page from the canvas's pixels by the conversion the films' zscale makes (core/video/i420.ts),
 * so ffmpeg takes them raw and converts nothing (width·height·3/2 bytes: Y, then Cb, then Cr).
 */
export type FrameFormat = ImageFormat | 'i420';

/** How the page runs: driven frame by frame from Node, or animating itself in an ordinary tab. */
export type PageMode = 'render' | 'live';

/** The attribute on <html> that selects the mode; absent means live. */
export const PAGE_MODE_ATTRIBUTE = 'data-eye-mode';

/**
 * The page's whole protocol, exposed as `window.__eye`. Node drives it:
 * load(scene) → ready → goToFrame(n) → ready → capture (image() or post(), or the compositor) → … → readTrace(), readPixels().
 * The page never animates by wall clock in render mode.
 */
export interface EyePageApi {
  /**
   * Load a scene: sizes the canvas, builds the model, draws frame 0. `frameCount` = round(duration · fps).
   * With `measure`, every frame goToFrame draws (0 … frameCount − 1) is also measured from its mask.
   */
  load(scene: Scene, pass: RenderPass, measure?: PixelMeasureOptions | null): Promise<{ frameCount: number; maskWidthPx: number; maskHeightPx: number }>;
  /**
   * Step the model to frame n (forward only, 0 ≤ n ≤ frameCount) and draw it. Synchronous: the frame
   * is on the canvas on return. Frame `frameCount` is the end of the film: Node steps there (without
   * capturing it) so the trace covers the whole duration, like the Node-side `simulate`.
   */
  goToFrame(frame: number): void;
  /**
   * The canvas's own pixels as an image, base64 without the `data:` prefix (canvas.toDataURL): the
   * capture path that skips the compositor. `quality` (0–1) is for JPEG. Throws before the first
   * drawn frame or if the browser cannot encode `format` (toDataURL would silently fall back to PNG).
   */
  image(format: ImageFormat, quality: number): string;
  /**
   * The same image's bytes POSTed to `url` (the render's frame server on 127.0.0.1: frame-server.ts),
   * resolving to their length once Node has them. Bytes cost the channel a quarter less than base64 in
   * JSON over CDP and Node no decode (docs/speed-capture.md). An `i420` frame goes as what changed
   * since the frame POSTed before it (core/video/i420-delta.ts; whole after a load), which Node rebuilds.
   */
  post(url: string, format: FrameFormat, quality: number): Promise<number>;
  /**
   * The frame as the film's I420 (FrameFormat), base64: the CDP carrier's way to it. Asynchronous:
   * the canvas is read through a VideoFrame (a copy, not getImageData's readback). Throws as image() does.
   */
  i420(): Promise<string>;
  /** Every 240 Hz sample and ground-truth event recorded since the last read. */
  readTrace(): TraceChunk;
  /** The pixel rows measured since the last read (empty columns without `measure`). */
  readPixels(): PixelChunk;
  /**
   * sha256 of every frame's model input the page handed the renderer since load (FrameFeed), in
   * order; ends the feed, so it is asked once, after the last frame. Node holds it to the digest it
   * keyed the film by.
   */
  feedDigest(): string;
  /** True once loaded and the last goToFrame has been drawn. */
  ready(): boolean;
}

declare global {
  interface Window {
    __eye?: EyePageApi;
  }
}
