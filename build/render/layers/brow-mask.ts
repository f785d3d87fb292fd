import { browLiftAtMm, browOutlineMm, browUAt } from '../geometry/brow-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { MASK_BROW } from '../mask-contract.ts';
import type { BrowSample } from './brow.ts';
import { drawnBrowNodesMm } from './brow.ts';

const OUTLINE = browOutlineMm();

/**
 * The brow in the mask pass: the hair field's silhouette (the band the hairs grow in, brow-shape.ts)
 * as one flat MASK_BROW shape, lifted by the same drawn lift as the colour pass's hair, point by point
 * along the brow when the chain's nodes are given. Call it after the skin is filled;
 * the brow never overlaps the opening.
 */
export function drawBrowMask(ctx: CanvasRenderingContext2D, frame: EyeFrame, sample: BrowSample): void {
  const nodes = drawnBrowNodesMm(sample);
  ctx.beginPath();
  for (let i = 0; i < OUTLINE.length; i++) {
    const p = OUTLINE[i];
    const lift = browLiftAtMm(Math.min(1, Math.max(0, browUAt(p.xMm))), nodes);
    const x = xPx(frame, p.xMm);
    // The model's lift exactly, to a fraction of a pixel (the edge is read from its antialiasing), so
    // the pixel path reads each node's rise as the model has it. The colour pass blits a rigid brow at
    // whole pixels (brow.ts), within half a pixel of this; a brow starting to bend would otherwise
    // jump by that half pixel at once, and read as a motion that did not happen.
    const y = yPx(frame, p.yMm) - lift * frame.pxPerMm;
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.fillStyle = MASK_BROW.css;
  ctx.fill();
}
