import type { Scene } from '../../../scene/scene.ts';
import { findBrowser } from '../../../node/browser/find-browser.ts';
import type { DrawingPasses } from '../core/drawing-passes.ts';
import type { BenchTree } from './bench-tree.ts';
import { timedPageLoop } from './page-loop.ts';

/**
 * `eye bench --drawing-only`: the colour drawing alone of each tree at the scene's size, one browser
 * per tree kept open, `passes` passes interleaved tree by tree (the order turned each pass, so neither
 * always runs first). Before each pass its page is loaded afresh (frame 0 drawn), so each pass draws
 * the same frames from the same state; one untimed pass first per tree compiles the page's code.
 * Returns how many frames each pass timed (1…n) and each tree's passes.
 */
export async function benchDrawing(trees: readonly BenchTree[], scene: Scene, passes: number, log: (s: string) => void): Promise<{ frames: number; trees: DrawingPasses[] }> {
  const sessions = trees.map((t) => t.createBrowserSession({ executable: findBrowser(), capture: 'auto', format: 'jpeg', width: scene.width, height: scene.height }));
  try {
    const browsers = await Promise.all(sessions.map((s) => s.get()));
    let timed = 0;
    const run = async (k: number): Promise<number> => {
      timed = (await browsers[k].load(scene, 'color')) - 1;
      await browsers[k].frame(0);
      const ms = Number(await browsers[k].runInPage(timedPageLoop(timed)));
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
    return { frames: timed, trees: out };
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
}
