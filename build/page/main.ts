import { createEyePage } from './create-eye-page.ts';
import { PAGE_MODE_ATTRIBUTE } from './protocol.ts';
import { startLive } from './start-live.ts';

/**
 * The page entry, bundled with everything it needs (it loads nothing from the network). In render
 * mode it only exposes `window.__eye` and waits to be driven; otherwise it animates itself.
 */
declare global {
  interface Window {
    /** Raw scene files embedded into the standalone live page, by name. */
    __EYE_SCENES?: Record<string, unknown>;
  }
}

const canvas = document.createElement('canvas');
canvas.id = 'eye';
document.body.appendChild(canvas);

if (document.documentElement.getAttribute(PAGE_MODE_ATTRIBUTE) === 'render') {
  window.__eye = createEyePage(canvas);
} else {
  startLive(canvas, window.__EYE_SCENES ?? {});
}
