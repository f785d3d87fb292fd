import type { EyeSample } from '../model/types.ts';
import type { EyeAssets } from './assets/assets-for.ts';
import { aperturePolygonPx, marginPolylinePx } from './geometry/aperture-px.ts';
import type { IrisPose } from './geometry/iris-pose.ts';
import type { LidMargins } from './geometry/lid-margins.ts';
import { polylineBoundsPx } from './layers/bounds.ts';
import { drawGlobe } from './layers/globe.ts';
import { drawLidLayer } from './layers/lid-layer.ts';

/**
 * The film's picture of one sample, in full colour (the era's grade goes on afterwards). Back to
 * front: the static face, the globe through the opening, the lids (lower margin, upper lid's skin and
 * shade, crease, lashes; see lid-layer.ts), the brow.
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
  ctx.drawImage(a.skin.canvas, 0, 0);

  const upper = marginPolylinePx(f, m, 'upper');
  const lower = marginPolylinePx(f, m, 'lower');
  const aperture = aperturePolygonPx(f, m);
  const mm = f.pxPerMm;
  const globeBox = polylineBoundsPx(aperture, 2, f.widthPx, f.heightPx);
  if (m.openness > 0.002) drawGlobe(ctx, a, pose, aperture, lower, globeBox);
  drawLidLayer(ctx, a, lidKey, m, upper, lower);

  // The brow only rises and falls with browLiftMm; everything above the crease otherwise stays put.
  const lift = s.browLiftMm * mm;
  const rows = Math.min(a.brow.height, Math.ceil(a.browBottomPx + a.browRoomPx - lift));
  if (rows > 0) ctx.drawImage(a.brow, 0, 0, a.brow.width, rows, 0, -a.browRoomPx - lift, a.brow.width, rows);
}
