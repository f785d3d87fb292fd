import { browHairs, browHairsTopMm } from '../geometry/brow-hairs.ts';
import { BROW_U_MAX, BROW_U_MIN, browLowerMm, browOutlineMm, browXMm } from '../geometry/brow-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { makeLayer } from './canvas.ts';
import { textureRandom } from './noise.ts';

/**
 * The brow at rest, painted once per canvas size into a layer that covers the brow alone (its box,
 * with a margin for the soft tint and the ridge's shadow, all of which fade to nothing before the
 * layer's edge, so a moved layer never shows an edge). Per frame it is only translated by the lift
 * (layers/brow.ts).
 */
export interface BrowLayer {
  canvas: HTMLCanvasElement;
  /** Where the layer's top-left corner sits at rest, canvas px (whole pixels). */
  xPx: number;
  yPx: number;
}

const HAIR_DARK_RGB = [34, 24, 19] as const;

/**
 * The brow's defocus, mm (a blur's radius): a close-up focused on the iris has a few millimetres of
 * depth of field, and the brow's hair stands ~15 mm in front of the iris's plane, so it is a touch
 * softer than the iris (about a pixel at 1280×720; Chromium rounds a blur much under that to none), as in photographs; painted once per size.
 */
export const BROW_DEFOCUS_MM = 0.03;
const HAIR_PALE_RGB = [108, 80, 62] as const;
/**
 * The tint under the hair and the ridge's shadow along the brow (u 0 the head … 1 the tail): a share
 * of their full opacity, none at the head's tip, full over the body, thinning along the tail, as the
 * hair itself does (geometry/brow-hairs.ts thins the head over u < 0.15).
 */
const BROW_TINT_ALONG: readonly (readonly [u: number, share: number])[] = [
  [0, 0],
  [0.05, 0.15],
  [0.2, 1],
  [0.8, 1],
  [1, 0.4],
];

export function paintBrow(f: EyeFrame): BrowLayer {
  const mm = f.pxPerMm;
  const hairs = browHairs(textureRandom('brow/hairs'));
  const marginMm = 1.2;
  // Above the hair the layer stops sooner: the tint and shadow have faded to nothing (< 1/255) within
  // 0.3 mm of the highest tip, and the frame's top must stay untouched at the highest lift.
  const topMarginMm = 0.3;
  let lowMm = Infinity;
  for (let u = BROW_U_MIN; u <= BROW_U_MAX; u += 0.01) lowMm = Math.min(lowMm, browLowerMm(u));
  for (const h of hairs) lowMm = Math.min(lowMm, h.tipYMm, h.ctrlYMm);
  let leftMm = browXMm(BROW_U_MAX);
  let rightMm = browXMm(BROW_U_MIN);
  for (const h of hairs) {
    leftMm = Math.min(leftMm, h.tipXMm, h.ctrlXMm);
    rightMm = Math.max(rightMm, h.tipXMm, h.ctrlXMm);
  }
  const x0 = Math.floor(xPx(f, leftMm - marginMm));
  const y0 = Math.floor(yPx(f, browHairsTopMm(hairs) + topMarginMm));
  const layer = makeLayer(Math.ceil(xPx(f, rightMm + marginMm)) - x0, Math.ceil(yPx(f, lowMm - marginMm)) - y0);
  const ctx = layer.ctx;
  ctx.translate(-x0, -y0);
  const outline = browOutlineMm();
  const traceOutline = (dyMm: number): void => {
    ctx.beginPath();
    outline.forEach((p, i) => (i === 0 ? ctx.moveTo(xPx(f, p.xMm), yPx(f, p.yMm + dyMm)) : ctx.lineTo(xPx(f, p.xMm), yPx(f, p.yMm + dyMm))));
    ctx.closePath();
  };

  // The ridge's faint shadow on the hood just under the brow, and the skin under the hair, a shade
  // darker: blurred well inside the layer's margin. Both fade out over the head and the tail, where
  // the hair thins: filled evenly to the outline's rounded caps, the head was a soft grey stamp with a
  // drawn edge round a few hairs (2026-script frame 120 at 2.5×), where a photograph's brow head is
  // sparse hair on bare skin.
  const along = (rgb: string, alpha: number): CanvasGradient => {
    const g = ctx.createLinearGradient(xPx(f, browXMm(0)), 0, xPx(f, browXMm(1)), 0);
    for (const [u, k] of BROW_TINT_ALONG) g.addColorStop(u, `rgba(${rgb}, ${(alpha * k).toFixed(4)})`);
    return g;
  };
  ctx.filter = `blur(${0.35 * mm}px)`;
  traceOutline(-0.35);
  ctx.fillStyle = along('96, 54, 42', 0.1);
  ctx.fill();
  ctx.filter = `blur(${0.18 * mm}px)`;
  traceOutline(0);
  ctx.fillStyle = along('74, 48, 36', 0.16);
  ctx.fill();
  ctx.filter = 'none';

  // Hairs, paler and finer first so the dark ones sit on top; on a layer of their own, put down
  // through the defocus.
  const hairLayer = makeLayer(layer.canvas.width, layer.canvas.height);
  const hctx = hairLayer.ctx;
  hctx.translate(-x0, -y0);
  const order = hairs.map((_, i) => i).sort((a, b) => hairs[a].darkness - hairs[b].darkness);
  for (const i of order) {
    const h = hairs[i];
    const rx = xPx(f, h.rootXMm);
    const ry = yPx(f, h.rootYMm);
    const cx = xPx(f, h.ctrlXMm);
    const cy = yPx(f, h.ctrlYMm);
    const tx = xPx(f, h.tipXMm);
    const ty = yPx(f, h.tipYMm);
    const dx = cx - rx;
    const dy = cy - ry;
    const d = Math.hypot(dx, dy) || 1;
    // Half the root width along the normal; the sides meet at the tip (a tapered hair).
    const w = Math.max(0.35, (h.rootWidthMm * mm) / 2);
    const nx = (-dy / d) * w;
    const ny = (dx / d) * w;
    const c = HAIR_PALE_RGB.map((p, k) => Math.round(p + (HAIR_DARK_RGB[k] - p) * h.darkness));
    hctx.beginPath();
    hctx.moveTo(rx + nx, ry + ny);
    hctx.quadraticCurveTo(cx + nx * 0.55, cy + ny * 0.55, tx, ty);
    hctx.quadraticCurveTo(cx - nx * 0.55, cy - ny * 0.55, rx - nx, ry - ny);
    hctx.closePath();
    hctx.fillStyle = `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${h.alpha.toFixed(3)})`;
    hctx.fill();
  }
  ctx.filter = `blur(${(BROW_DEFOCUS_MM * mm).toFixed(2)}px)`;
  ctx.drawImage(hairLayer.canvas, x0, y0);
  ctx.filter = 'none';
  return { canvas: layer.canvas, xPx: x0, yPx: y0 };
}
