import type { EyeSample } from '../model/types.ts';
import type { EraId } from '../scene/scene.ts';
import type { EyeAssets } from './assets/assets-for.ts';
import { aperturePolygonPx, marginPolylinePx } from './geometry/aperture-px.ts';
import type { IrisPose } from './geometry/iris-pose.ts';
import type { LidInputs } from './geometry/lid-inputs.ts';
import type { LidMargins } from './geometry/lid-margins.ts';
import { polylineBoundsPx } from './layers/bounds.ts';
import { drawBrow } from './layers/brow.ts';
import { drawCatchlight } from './layers/catchlight.ts';
import { drawFaceLayer, faceLayerFor } from './layers/face-layer.ts';
import { drawGlobe } from './layers/globe.ts';
import { drawLashMirror } from './layers/lash-mirror.ts';

/**
 * The film's picture of one sample, in full colour (the era's grade goes on afterwards). Back to
 * front: the rest face around the lids' box, the globe seen through the opening, the lights in
 * the cornea (catchlight.ts) and the lashes mirrored there (lash-mirror.ts), the lids (face-layer.ts: skin
 * warped to the margins, margin detail, lashes, and behind them the lid's and lashes' shadows on the
 * globe), the brow (brow.ts).
 */
export function drawColor(
  ctx: CanvasRenderingContext2D,
  a: EyeAssets,
  s: EyeSample,
  pose: IrisPose,
  m: LidMargins,
  lids: LidInputs,
  lashLagRad: number,
  era: EraId,
): void {
  const f = a.frame;
  const box = faceLayerFor(a).warp.box;
  drawRestFaceAround(ctx, a, box, s.frameScale !== 1);

  if (m.openness > 0) {
    const lower = marginPolylinePx(f, m, 'lower');
    const globeBox = polylineBoundsPx(aperturePolygonPx(f, m), 2, f.widthPx, f.heightPx);
    drawGlobe(ctx, a, pose, lower, globeBox);
    // The era's light in the cornea, under the lids.
    drawCatchlight(ctx, f, s, era, pose);
    drawLashMirror(ctx, f, pose, m);
  }
  drawFaceLayer(ctx, a, lids, m, lashLagRad);

  // The brow only rises and falls with its lift; everything above the crease otherwise stays put.
  drawBrow(ctx, f, a.brow, s);
}

/**
 * The rest face everywhere outside the lids' box, as four 1:1 blits around it (inside it the face
 * layer is opaque wherever the globe is not seen, so the box's pixels need not be drawn twice). Under a
 * scaled frame (the enter moment) strip edges could resample into seams, so the whole face is drawn.
 */
function drawRestFaceAround(ctx: CanvasRenderingContext2D, a: EyeAssets, b: { x: number; y: number; w: number; h: number }, whole: boolean): void {
  const src = a.face.canvas;
  const W = a.frame.widthPx;
  const H = a.frame.heightPx;
  if (whole) {
    ctx.drawImage(src, 0, 0);
    return;
  }
  const blit = (x: number, y: number, w: number, h: number): void => {
    if (w > 0 && h > 0) ctx.drawImage(src, x, y, w, h, x, y, w, h);
  };
  blit(0, 0, W, b.y);
  blit(0, b.y + b.h, W, H - b.y - b.h);
  blit(0, b.y, b.x, b.h);
  blit(b.x + b.w, b.y, W - b.x - b.w, b.h);
}
