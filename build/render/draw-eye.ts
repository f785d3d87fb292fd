import type { EraId } from '../scene/scene.ts';
import type { EyeSample } from '../model/types.ts';
import type { RenderPass } from './render-pass.ts';
import { assetsFor } from './assets/assets-for.ts';
import { drawColor } from './draw-color.ts';
import { drawMask } from './draw-mask.ts';
import { applyEraGrade } from './era/apply-grade.ts';
import { scaledKeepDark } from './era/keep-dark.ts';
import { discEllipsePx, irisPose } from './geometry/iris-pose.ts';
import { aperturePolygonPx } from './geometry/aperture-px.ts';
import { lidInputs } from './geometry/lid-inputs.ts';
import { drawCatchlightPlane } from './layers/catchlight-plane.ts';
import { drawCursor } from './layers/cursor.ts';
import { lashLagRad } from './layers/lash-lag.ts';
import { lidMargins } from './geometry/lid-margins.ts';
import { MASK_SKIN } from './mask-contract.ts';
import { FACE_SKIN_RGB } from './assets/skin.ts';

export interface View {
  width: number;
  height: number;
  era: EraId;
  pass: RenderPass;
  /** The visitor's pointer at this frame (R about the eye centre), drawn over the colour film; absent or null: none. */
  pointer?: { xR: number; yR: number } | null;
  /** false: the colour picture before the camera's grain (era-looks.ts CAMERA_GRAIN). Films always
   * draw it; a picture test that measures the eye's own fine shading (a seam, a squiggle, a glint's
   * place) reads the eye under it, as grain-picture.test.ts reads the grain alone. */
  grain?: boolean;
}

/**
 * Draw one big human eye filling the frame from one model sample. Deterministic: the same sample and
 * view give the same pixels (textures grow from a fixed seed, once per size; nothing reads a clock or
 * Math.random). Static layers are painted on first use for a size and era, so the first frame of a
 * size is slow and every later one is a handful of blits and strokes.
 */
export function drawEye(ctx: CanvasRenderingContext2D, s: EyeSample, view: View): void {
  const a = assetsFor(view.width, view.height);
  const f = a.frame;
  const pose = irisPose(s);
  const lids = lidInputs(s, pose);
  const m = lidMargins(lids, lids);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.filter = 'none';
  ctx.imageSmoothingEnabled = true;
  // Nothing scales the frame; if the stage ever does (the enter moment), scale about the centre.
  if (s.frameScale !== 1) {
    // Whatever a shrunken frame leaves uncovered is skin.
    ctx.fillStyle = view.pass === 'mask' ? MASK_SKIN.css : `rgb(${FACE_SKIN_RGB.join(', ')})`;
    ctx.fillRect(0, 0, view.width, view.height);
    ctx.translate(f.centerXPx, f.centerYPx);
    ctx.scale(s.frameScale, s.frameScale);
    ctx.translate(-f.centerXPx, -f.centerYPx);
  }
  // The lashes' lag spring runs on scene time per canvas (lash-lag.ts), in both passes alike.
  const lag = lashLagRad(ctx, s.tMs, lids.upperLidMm);
  if (view.pass === 'mask') drawMask(ctx, f, s, pose, m, lag);
  else drawColor(ctx, a, s, pose, m, lids, lag, view.era);
  ctx.restore();
  if (view.pass === 'color') {
    // The grade lights the face, not the pupil: it is told where the pupil shows.
    const keepDark =
      m.openness > 0
        ? scaledKeepDark({ aperturePx: aperturePolygonPx(f, m), pupil: discEllipsePx(f, pose, pose.pupilRadiusMm) }, f.centerXPx, f.centerYPx, s.frameScale)
        : undefined;
    applyEraGrade(ctx, view.width, view.height, view.era, s.tMs, keepDark, view.grain ?? true);
    if (view.pointer) drawCursor(ctx, f, view.pointer.xR, view.pointer.yR, view.era);
  }
}

/**
 * The mask pass's catchlight plane of the same sample (layers/catchlight-plane.ts): the screen's
 * reflection, white on black, where the opening shows it. Drawn unscaled (the measurement reads it
 * about the globe centre, as it reads the mask).
 */
export function drawEyeCatchlightPlane(ctx: CanvasRenderingContext2D, s: EyeSample, view: Pick<View, 'width' | 'height' | 'era'>): void {
  const f = assetsFor(view.width, view.height).frame;
  const pose = irisPose(s);
  const lids = lidInputs(s, pose);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.filter = 'none';
  drawCatchlightPlane(ctx, f, s, view.era, lidMargins(lids, lids));
  ctx.restore();
}
