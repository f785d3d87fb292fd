import type { EyeSample } from '../model/types.ts';
import type { EyeAssets } from './assets/assets-for.ts';
import { aperturePolygonPx, marginPolylinePx } from './geometry/aperture-px.ts';
import type { IrisPose } from './geometry/iris-pose.ts';
import type { LidMargins } from './geometry/lid-margins.ts';
import { polylineBoundsPx } from './layers/bounds.ts';
import { drawGlobe } from './layers/globe.ts';
import { drawFaceLayer } from './layers/face-layer.ts';

/**
 * The film's picture of one sample, in full colour (the era's grade goes on afterwards). Back to
 * front: the globe, the face with the opening cut out (skin, lids, shade, crease, lashes; see
 * face-layer.ts), the brow.
 */
export function drawColor(
  ctx: CanvasRenderingContext2D,
  a: EyeAssets,
  s: EyeSample,
  pose: IrisPose,
  m: LidMargins,
  lidKey: string,
): void {
  const f = a.frame;

  const upper = marginPolylinePx(f, m, 'upper');
  const lower = marginPolylinePx(f, m, 'lower');
  const aperture = aperturePolygonPx(f, m);
  const mm = f.pxPerMm;
  const globeBox = polylineBoundsPx(aperture, 2, f.widthPx, f.heightPx);
  if (m.openness > 0) drawGlobe(ctx, a, pose, lower, globeBox);
  drawFaceLayer(ctx, a, lidKey, m, aperture, upper, lower);

  // The brow only rises and falls with browLiftMm; everything above the crease otherwise stays put.
  const lift = s.browLiftMm * mm;
  const rows = Math.min(a.brow.height, Math.ceil(a.browBottomPx + a.browRoomPx - lift));
  if (rows > 0) ctx.drawImage(a.brow, 0, 0, a.brow.width, rows, 0, -a.browRoomPx - lift, a.brow.width, rows);
}
