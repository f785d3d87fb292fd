import type { EyeSample } from '../model/types.ts';
import type { EyeAssets } from './assets/assets-for.ts';
import { aperturePolygonPx, marginPolylinePx } from './geometry/aperture-px.ts';
import type { IrisPose } from './geometry/iris-pose.ts';
import type { LidMargins } from './geometry/lid-margins.ts';
import { yPx } from './geometry/eye-frame.ts';
import { creaseMm } from './geometry/crease.ts';
import { polylineBoundsPx } from './layers/bounds.ts';
import { drawGlobe } from './layers/globe.ts';
import { drawLashes } from './layers/lashes.ts';
import { drawLowerLid } from './layers/lower-lid.ts';
import { drawUpperLid } from './layers/upper-lid.ts';

/**
 * The film's picture of one sample, in full colour (the era's grade goes on afterwards). Back to
 * front: the static face, the globe through the opening, the lower margin, the upper lid's skin, the
 * lashes, the brow.
 */
export function drawColor(ctx: CanvasRenderingContext2D, a: EyeAssets, s: EyeSample, pose: IrisPose, m: LidMargins): void {
  const f = a.frame;
  ctx.drawImage(a.skin.canvas, 0, 0);

  const upper = marginPolylinePx(f, m, 'upper');
  const lower = marginPolylinePx(f, m, 'lower');
  const aperture = aperturePolygonPx(f, m);
  const mm = f.pxPerMm;
  const globeBox = polylineBoundsPx(aperture, 2, f.widthPx, f.heightPx);
  if (m.openness > 0.002) drawGlobe(ctx, a, pose, aperture, upper, lower, globeBox);
  drawLowerLid(ctx, f, m, lower);

  // The lid's region: from above the crease down to the lowest the margin reaches.
  const lidBox = polylineBoundsPx(
    [upper[0], yPx(f, creaseMm(0) + 1.2), ...upper, upper[upper.length - 2], yPx(f, creaseMm(0) + 1.2)],
    1.5 * mm,
    f.widthPx,
    f.heightPx,
  );
  drawUpperLid(ctx, a, m, upper, lidBox);
  drawLashes(ctx, f, m);

  // The brow only rises and falls with browLiftMm; everything above the crease otherwise stays put.
  ctx.drawImage(a.brow, 0, -a.browRoomPx - s.browLiftMm * mm);
}
