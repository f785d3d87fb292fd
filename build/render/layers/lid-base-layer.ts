import type { EyeAssets } from '../assets/assets-for.ts';
import type { Layer } from '../assets/canvas.ts';
import { makeLayer } from '../assets/canvas.ts';
import { tracePolyline } from '../assets/mm-draw.ts';
import { marginPolylinePx } from '../geometry/aperture-px.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM } from '../geometry/crease.ts';
import { yPx } from '../geometry/eye-frame.ts';
import type { LidInputs } from '../geometry/lid-inputs.ts';
import { lidInputsKey } from '../geometry/lid-inputs.ts';
import { lidMargins } from '../geometry/lid-margins.ts';
import type { BoundsPx } from './bounds.ts';
import { drawUpperLidSkin } from './upper-lid.ts';

/**
 * The face before the opening is cut: the static skin with the upper lid's skin stretched to a
 * (coarsely rounded) lid pose, cached by that pose. Trimmed just below its own margin, so a shut lid
 * never spills onto the lower lid; the finer margin the frame shows lies within the trim.
 */
const TRIM_BELOW_MM = 0.06;

interface BaseCache {
  layer: Layer;
  key: string | null;
}

const caches = new WeakMap<EyeAssets, BaseCache>();

export function lidBaseLayer(a: EyeAssets, coarse: LidInputs, box: BoundsPx): HTMLCanvasElement {
  let c = caches.get(a);
  if (!c) {
    c = { layer: makeLayer(a.frame.widthPx, a.frame.heightPx), key: null };
    caches.set(a, c);
  }
  const key = lidInputsKey(coarse);
  if (c.key !== key) {
    const f = a.frame;
    const l = c.layer.ctx;
    const m = lidMargins(coarse, coarse);
    const upper = marginPolylinePx(f, m, 'upper');
    l.setTransform(1, 0, 0, 1, 0, 0);
    l.drawImage(a.skin.canvas, box.x, box.y, box.w, box.h, box.x, box.y, box.w, box.h);
    l.save();
    const trim = upper.slice();
    for (let i = 1; i < trim.length; i += 2) trim[i] += TRIM_BELOW_MM * f.pxPerMm;
    const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1.5)));
    l.beginPath();
    tracePolyline(l, trim, true);
    l.lineTo(trim[trim.length - 2], top);
    l.lineTo(trim[0], top);
    l.closePath();
    l.clip();
    drawUpperLidSkin(l, a, m, upper);
    l.restore();
    c.key = key;
  }
  return c.layer.canvas;
}
