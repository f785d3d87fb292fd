import type { EyeSample } from '../../model/types.ts';
import type { BrowLayer } from '../assets/brow.ts';
import { makeLayer } from '../assets/canvas.ts';
import { browDrawnLiftMm, browLiftAtMm, browUAt } from '../geometry/brow-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf } from '../geometry/eye-frame.ts';

/**
 * What the brow is drawn from: the chain's mean lift (EyeSample.browLiftMm) and, where the model
 * provides them, the five node lifts head → tail (eye.md §7), which bend the brow.
 */
export type BrowSample = Pick<EyeSample, 'browLiftMm'> & { browNodeLiftsMm?: readonly number[] };

/** The node lifts to draw, head → tail, mm (saturated as drawn): the mean alone when the nodes are not given. */
export function drawnBrowNodesMm(s: BrowSample): number[] {
  const nodes = s.browNodeLiftsMm && s.browNodeLiftsMm.length > 0 ? s.browNodeLiftsMm : [s.browLiftMm];
  return nodes.map(browDrawnLiftMm);
}

/**
 * Narrow enough that neighbouring strips differ by well under a pixel: the chain's nodes differ by at
 * most ~0.13 mm (measured over 2-min runs of 2013, the tour, 1995 and the pointer scene), i.e. ~5 px
 * over a quarter of the brow (~300 px at 900 px tall), so ~0.25 px between 16-px strips.
 */
const STRIP_PX = 16;

/**
 * A bending brow's strips are lifted to the nearest 1/BROW_PHASES px: each strip is then a 1:1 blit
 * of the brow pre-shifted by that fraction (a resampled blit per strip cost ~1 ms a frame at
 * 1280×720, the whole of 1970's reading brow; a 1:1 blit is ~10× cheaper). An eighth of a pixel is
 * 0.004 mm at 720p, well under what neighbouring strips already differ by (~0.25 px).
 */
const BROW_PHASES = 8;

/** The brow layer shifted down by i/BROW_PHASES px, i = 0 … BROW_PHASES − 1, one px taller; painted once per layer. */
const phaseCache = new WeakMap<BrowLayer, HTMLCanvasElement[]>();

function browPhases(layer: BrowLayer): HTMLCanvasElement[] {
  let phases = phaseCache.get(layer);
  if (!phases) {
    const c = layer.canvas;
    phases = [];
    for (let i = 0; i < BROW_PHASES; i++) {
      const l = makeLayer(c.width, c.height + 1);
      l.ctx.imageSmoothingEnabled = true;
      l.ctx.drawImage(c, 0, i / BROW_PHASES);
      phases.push(l.canvas);
    }
    phaseCache.set(layer, phases);
  }
  return phases;
}

/**
 * Draw the brow layer lifted. A rigid lift (all nodes within half a pixel, or only the mean known) is
 * one blit at whole pixels (a 1:1 blit is much cheaper than a resampled one, and 1 px is 0.03 mm). A
 * bending chain (while the brow moves) is drawn in narrow vertical strips, each at its own lift to an
 * eighth of a pixel (browPhases), so the brow's shape bends; the lifts change smoothly along the
 * brow, so no edge shows.
 */
export function drawBrow(ctx: CanvasRenderingContext2D, f: EyeFrame, layer: BrowLayer, s: BrowSample): void {
  const nodes = drawnBrowNodesMm(s);
  const c = layer.canvas;
  let lo = Infinity;
  let hi = -Infinity;
  for (const n of nodes) {
    lo = Math.min(lo, n);
    hi = Math.max(hi, n);
  }
  if ((hi - lo) * f.pxPerMm < 0.5) {
    ctx.drawImage(c, layer.xPx, layer.yPx - Math.round(nodes[0] * f.pxPerMm));
    return;
  }
  const phases = browPhases(layer);
  const h = c.height + 1;
  for (let sx = 0; sx < c.width; sx += STRIP_PX) {
    const w = Math.min(STRIP_PX, c.width - sx);
    const u = browUAt(xMmOf(f, layer.xPx + sx + w / 2));
    const down = Math.round(-browLiftAtMm(Math.min(1, Math.max(0, u)), nodes) * f.pxPerMm * BROW_PHASES);
    const phase = ((down % BROW_PHASES) + BROW_PHASES) % BROW_PHASES;
    ctx.drawImage(phases[phase], sx, 0, w, h, layer.xPx + sx, layer.yPx + (down - phase) / BROW_PHASES, w, h);
  }
}
