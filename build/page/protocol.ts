import type { Scene } from '../scene/scene.ts';
import type { TraceChunk } from '../model/trace.ts';

/** Which picture a frame draws: the film itself, or the flat-colour mask the pixel path measures. */
export type RenderPass = 'color' | 'mask';

/** How the page runs: driven frame by frame from Node, or animating itself in an ordinary tab. */
export type PageMode = 'render' | 'live';

/** The attribute on <html> that selects the mode; absent means live. */
export const PAGE_MODE_ATTRIBUTE = 'data-eye-mode';

/**
 * The page's whole protocol, exposed as `window.__eye`. Node drives it:
 * load(scene) → ready → goToFrame(n) → ready → capture → … → readTrace().
 * The page never animates by wall clock in render mode.
 */
export interface EyePageApi {
  /** Load a scene: sizes the canvas, builds the model, draws frame 0. `frameCount` = round(duration · fps). */
  load(scene: Scene, pass: RenderPass): Promise<{ frameCount: number }>;
  /**
   * Step the model to frame n (forward only, 0 ≤ n ≤ frameCount) and draw it. Synchronous: the frame
   * is on the canvas on return. Frame `frameCount` is the end of the film: Node steps there (without
   * capturing it) so the trace covers the whole duration, like the Node-side `simulate`.
   */
  goToFrame(frame: number): void;
  /** Every 240 Hz sample and ground-truth event recorded since the last read. */
  readTrace(): TraceChunk;
  /** True once loaded and the last goToFrame has been drawn. */
  ready(): boolean;
}

declare global {
  interface Window {
    __eye?: EyePageApi;
  }
}
