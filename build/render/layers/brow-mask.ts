import { browLiftAtMm, browOutlineMm, browUAt } from '../geometry/brow-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { MASK_BROW } from '../mask-colors.ts';
import type { BrowSample } from './brow.ts';
import { drawnBrowNodesMm } from './brow.ts';

const OUTLINE = browOutlineMm();

/**
 * The brow in the mask pass: the hair field's silhouette (the band the hairs grow in, brow-shape.ts)
 * as one flat MASK_BROW shape, lifted exactly as the colour pass lifts its hair (the same drawn lift,
 * point by point along the brow when the chain's nodes are given). Call it after the skin is filled;
 * the brow never overlaps the opening.
 */
export function drawBrowMask(ctx: CanvasRenderingContext2D, frame: EyeFrame, sample: BrowSample): void {
  const nodes = drawnBrowNodesMm(sample);
  ctx.beginPath();
  for (let i = 0; i < OUTLINE.length; i++) {
    const p = OUTLINE[i];
    const lift = browLiftAtMm(Math.min(1, Math.max(0, browUAt(p.xMm))), nodes);
    const x = xPx(frame, p.xMm);
    // Whole pixels, as the colour pass's blit: the two passes lift the brow by the same rows.
    const y = yPx(frame, p.yMm) - Math.round(lift * frame.pxPerMm);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.closePath();
  ctx.fillStyle = MASK_BROW.css;
  ctx.fill();
}
