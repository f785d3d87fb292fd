import type { EyeSample } from '../model/types.ts';
import type { EraId } from '../scene/scene.ts';
import type { EyeAssets } from './assets/assets-for.ts';
import { aperturePolygonPx, marginPolylinePx } from './geometry/aperture-px.ts';
import type { IrisPose } from './geometry/iris-pose.ts';
import type { LidMargins } from './geometry/lid-margins.ts';
import { polylineBoundsPx } from './layers/bounds.ts';
import { drawBrow } from './layers/brow.ts';
import { drawCatchlight } from './layers/catchlight.ts';
import { drawGlobe } from './layers/globe.ts';
import { drawFaceLayer } from './layers/face-layer.ts';

/**
 * The film's picture of one sample, in full colour (the era's grade goes on afterwards). Back to
 * front: the globe, the era's light in the cornea, the face with the opening cut out (skin, lids,
 * shade, crease, lashes; see face-layer.ts), the brow.
 */
export function drawColor(
  ctx: CanvasRenderingContext2D,
  a: EyeAssets,
  s: EyeSample,
  pose: IrisPose,
  m: LidMargins,
  lidKey: string,
  era: EraId,
): void {
  const f = a.frame;

  const upper = marginPolylinePx(f, m, 'upper');
  const lower = marginPolylinePx(f, m, 'lower');
  const aperture = aperturePolygonPx(f, m);
  const globeBox = polylineBoundsPx(aperture, 2, f.widthPx, f.heightPx);
  if (m.openness > 0) {
    drawGlobe(ctx, a, pose, lower, globeBox);
    // The era's light in the cornea, under the lids.
    drawCatchlight(ctx, f, s, era);
  }
  drawFaceLayer(ctx, a, lidKey, m, aperture, upper, lower);

  // The brow only rises and falls with its lift; everything above the crease otherwise stays put.
  drawBrow(ctx, f, a.brow, s);
}
