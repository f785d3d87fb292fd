import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import type { EyeSample } from '../../model/types.ts';
import type { EraId } from '../../scene/scene.ts';
import { bowOutline } from '../assets/corneal-bow.ts';
import { tracePx } from '../assets/mirror-trace.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { aperturePolygonPx } from '../geometry/aperture-px.ts';
import { catchlightSizeMm, lightDirection, reflectionOnCornea } from '../geometry/catchlight-pose.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';

/**
 * The mask pass's catchlight class, on a plane of its own: the era's screen reflected on the cornea
 * (the same place, size and foreshortening the colour pass draws it with, layers/catchlight.ts),
 * white on black, where the opening shows it (the lids cover it as they cover the colour one). A
 * pupil–corneal-reflection tracker thresholds its glint apart from the pupil in the same way; drawn
 * into the six-class mask it would cut a hole in the pupil's blob, which the pupil's centroid reads.
 * A screen shows as its rectangle, bowed, a ring light as its disc.
 */
export const CATCHLIGHT_PLANE_RGB = [255, 255, 255] as const;

export function drawCatchlightPlane(ctx: CanvasRenderingContext2D, f: EyeFrame, s: Pick<EyeSample, 'yawDeg' | 'pitchDeg'>, era: EraId, m: LidMargins): void {
  ctx.fillStyle = 'rgb(0, 0, 0)';
  ctx.fillRect(0, 0, f.widthPx, f.heightPx);
  if (m.openness <= 0) return;
  const light = ERA_LIGHT[era];
  const r = reflectionOnCornea(s, lightDirection(light));
  const size = catchlightSizeMm(light);
  ctx.save();
  ctx.beginPath();
  tracePolyline(ctx, aperturePolygonPx(f, m), true);
  ctx.clip();
  ctx.translate(xPx(f, r.xMm), yPx(f, r.yMm));
  ctx.rotate(r.radialAngleRad);
  ctx.scale(r.radialScale, 1);
  ctx.rotate(-r.radialAngleRad);
  ctx.fillStyle = `rgb(${CATCHLIGHT_PLANE_RGB.join(', ')})`;
  ctx.beginPath();
  ctx.ellipse(0, 0, (size.widthMm / 2) * f.pxPerMm, (size.heightMm / 2) * f.pxPerMm, 0, 0, Math.PI * 2);
  if (light.catchlight.kind === 'screen') {
    // Bowed as the colour pass bows it (corneal-bow.ts).
    const hw = (size.widthMm / 2) * f.pxPerMm;
    const hh = (size.heightMm / 2) * f.pxPerMm;
    tracePx(ctx, bowOutline([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]], f.pxPerMm));
  }
  ctx.fill();
  ctx.restore();
}
