import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import type { EyeSample } from '../../model/types.ts';
import type { EraId } from '../../scene/scene.ts';
import type { Layer } from '../assets/canvas.ts';
import { paintCatchlight } from '../assets/highlight.ts';
import { catchlightCentreMm } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';

const cache = new Map<string, Layer>();

/**
 * The era's light reflected on the cornea, where the cornea's mirror puts it for this sample's gaze.
 * Draw it over the globe and under the lids (the face layer covers it where the lid does): it is
 * never clipped at the iris edge, and near the limbus it simply lies on the corneal bulge.
 */
export function drawCatchlight(ctx: CanvasRenderingContext2D, f: EyeFrame, s: Pick<EyeSample, 'yawDeg' | 'pitchDeg'>, era: EraId): void {
  const light = ERA_LIGHT[era];
  const key = `${era}:${f.widthPx}x${f.heightPx}`;
  let layer = cache.get(key);
  if (!layer) {
    layer = paintCatchlight(f, light);
    cache.set(key, layer);
  }
  const c = catchlightCentreMm(s, light);
  const img = layer.canvas;
  // A reflection adds light to what lies under it ('screen'), so the pupil's edge still shows through
  // it. Sub-pixel placement: a reflection sliding across the cornea should glide, not step.
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  ctx.drawImage(img, xPx(f, c.xMm) - img.width / 2, yPx(f, c.yMm) - img.height / 2);
  ctx.restore();
}
