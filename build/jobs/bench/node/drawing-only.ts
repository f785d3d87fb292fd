import type { Scene } from '../../../scene/scene.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import type { DrawingPasses } from '../core/drawing-passes.ts';
import type { BenchTree } from './bench-tree.ts';

/** Frames 1…n drawn in one page call, each followed by a one-pixel read (so the drawing is done, not
 * queued), timed in the page: wall ms a frame, without CDP or Node in the span. */
const timedLoop = (frames: number) =>
  `(() => { const c = document.querySelector('canvas').getContext('2d'); const t0 = performance.now(); for (let f = 1; f <= ${frames}; f++) { window.__eye.goToFrame(f); c.getImageData(0, 0, 1, 1); } return (performance.now() - t0) / ${frames}; })()`;

/**
 * `eye bench --drawing-only`: the colour drawing alone of each tree at the scene's size, one browser
 * per tree kept open, `passes` passes interleaved tree by tree (the order turned each pass, so neither
 * always runs first). Before each pass its page is loaded afresh (frame 0 drawn), so each pass draws
 * the same frames from the same state; one untimed pass first per tree compiles the page's code.
 */
export async function benchDrawing(trees: readonly BenchTree[], scene: Scene, passes: number, log: (s: string) => void): Promise<DrawingPasses[]> {
  const sessions = trees.map((t) => t.createBrowserSession({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: scene.width, height: scene.height }));
  try {
    const browsers = await Promise.all(sessions.map((s) => s.get()));
    const run = async (k: number): Promise<number> => {
      const frames = await browsers[k].load(scene, 'color');
      await browsers[k].frame(0);
      const ms = Number(await browsers[k].runInPage(timedLoop(frames - 1)));
      if (!(Number.isFinite(ms) && ms > 0)) throw new Error(`bench: ${trees[k].label}'s page returned ${String(ms)} ms a frame`);
      return ms;
    };
    for (let k = 0; k < trees.length; k++) await run(k);
    const out = trees.map((t) => ({ label: t.label, msPerFrame: [] as number[] }));
    for (let i = 0; i < passes; i++) {
      const order = trees.map((_, k) => k);
      if (i % 2 === 1) order.reverse();
      for (const k of order) {
        out[k].msPerFrame.push(await run(k));
        log(`drawing pass ${i + 1}/${passes}: ${trees[k].label} ${out[k].msPerFrame[i].toFixed(2)} ms a frame`);
      }
    }
    return out;
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
}
