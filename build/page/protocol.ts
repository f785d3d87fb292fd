import type { Scene } from '../scene/scene.ts';
import type { TraceChunk } from '../model/trace.ts';

/** Which picture a frame draws: the film itself, or the flat-colour mask the pixel path measures. */
export type RenderPass = 'color' | 'mask';

/**
 * The page's whole protocol, exposed as `window.__eye`. Node drives it:
 * load(scene) → ready → goToFrame(n) → ready → capture → … → readTrace().
 * The page never animates by wall clock in render mode.
 */
export interface EyePageApi {
  /** Load a scene: sizes the canvas, builds the model. Resolves when the first frame can be drawn. */
  load(scene: Scene, pass: RenderPass): Promise<{ frameCount: number }>;
  /** Step the model to frame n (forward only) and draw it. Synchronous: the frame is on the canvas on return. */
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
