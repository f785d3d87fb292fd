import type { EyeSample } from '../model/types.ts';
import { aperturePolygonPx } from './geometry/aperture-px.ts';
import type { EyeFrame } from './geometry/eye-frame.ts';
import type { IrisPose } from './geometry/iris-pose.ts';
import { discEllipsePx } from './geometry/iris-pose.ts';
import type { LidMargins } from './geometry/lid-margins.ts';
import { tracePolyline } from './assets/mm-draw.ts';
import { drawBrowMask } from './layers/brow-mask.ts';
import { drawLashes } from './layers/lashes.ts';
import { traceCaruncle } from './geometry/caruncle-shape.ts';
import { traceTearMeniscus } from './geometry/tear-meniscus.ts';
import { MASK_CARUNCLE, MASK_IRIS, MASK_LASH, MASK_PUPIL, MASK_SCLERA, MASK_SKIN, MASK_TEAR } from './mask-contract.ts';

/** How far the mask's tear meniscus sits above the lower margin (tear-meniscus.ts: clear of the skin). */
export const MASK_TEAR_INSET_PX = 1.5;

/**
 * The measuring pass: the colour pass's geometry in flat colours (mask-colors.ts): skin, the visible
 * sclera, caruncle, iris and pupil inside the opening (the same polygon the colour pass's lids leave
 * open), the tear meniscus along the lower margin over them (geometry/tear-meniscus.ts, as the
 * colour pass lights it), the lashes where the colour pass draws them over skin, the brow. No
 * texture, highlight or grade, so Node
 * can read the iris centre, the pupil diameter, the opening and the brow from pixels. Edges are as hard
 * as a 2D canvas allows (it always antialiases paths): classify each pixel to the nearest mask colour.
 */
export function drawMask(ctx: CanvasRenderingContext2D, f: EyeFrame, s: EyeSample, pose: IrisPose, m: LidMargins, lashLagRad: number): void {
  ctx.fillStyle = MASK_SKIN.css;
  ctx.fillRect(0, 0, f.widthPx, f.heightPx);
  // Lashes under the opening: the mask's opening is the lids' own geometry (what the model's aperture
  // means), so a lash that hangs across it in the film must not shorten it here (drawn over it, lashes
  // put the pixel aperture 0.4–0.6 mm off the model's in 1997, 2003 and generic blinks).
  drawLashes(ctx, f, m, lashLagRad, MASK_LASH.css);
  if (m.openness > 0) {
    ctx.save();
    ctx.beginPath();
    tracePolyline(ctx, aperturePolygonPx(f, m), true);
    ctx.closePath();
    ctx.fillStyle = MASK_SCLERA.css;
    ctx.fill();
    ctx.clip();
    // The caruncle lies in the lake at the medial end, under the globe's iris (as the colour pass's
    // shade layer has it).
    ctx.beginPath();
    traceCaruncle(ctx, f);
    ctx.fillStyle = MASK_CARUNCLE.css;
    ctx.fill();
    const iris = discEllipsePx(f, pose, pose.radiusMm);
    ctx.beginPath();
    ctx.ellipse(iris.xPx, iris.yPx, iris.radiusXPx, iris.radiusYPx, iris.rotationRad, 0, Math.PI * 2);
    ctx.fillStyle = MASK_IRIS.css;
    ctx.fill();
    const pupil = discEllipsePx(f, pose, pose.pupilRadiusMm);
    ctx.beginPath();
    ctx.ellipse(pupil.xPx, pupil.yPx, pupil.radiusXPx, pupil.radiusYPx, pupil.rotationRad, 0, Math.PI * 2);
    ctx.fillStyle = MASK_PUPIL.css;
    ctx.fill();
    ctx.beginPath();
    traceTearMeniscus(ctx, f, m, 1, MASK_TEAR_INSET_PX);
    ctx.fillStyle = MASK_TEAR.css;
    ctx.fill();
    ctx.restore();
  }
  drawBrowMask(ctx, f, s);
}
