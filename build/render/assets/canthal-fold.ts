import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { CANTHUS_LATERAL_MM } from '../geometry/lid-shape.ts';

/**
 * The lateral canthus's fold, painted once into the rest face (the warp's source, so it rides the
 * skin as the lids move): where the lids meet, the upper lid runs on a little past the lower one and
 * its edge continues as a short soft crease out and slightly up, shadowed under its lip and catching a
 * thin light on top; a faint shade lies in the hollow under it. Fixed to the face (it does not move
 * with the gaze or the blink beyond what the skin itself does).
 */
const FOLD_LENGTH_MM = 1.9;

export function paintCanthalFold(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  const x0 = CANTHUS_LATERAL_MM.x;
  const y0 = CANTHUS_LATERAL_MM.y;
  // The crease's centre line: from just inside the canthus, out and up a little, easing down at its end.
  const at = (s: number): [number, number] => {
    const x = x0 + 0.25 - s * FOLD_LENGTH_MM;
    const y = y0 + 0.22 * Math.sin(Math.PI * 0.8 * s) - 0.02;
    return [xPx(f, x), yPx(f, y)];
  };
  const ribbon = (offsetMm: number, widthMm: number): void => {
    ctx.beginPath();
    const n = 24;
    for (let i = 0; i <= n; i++) {
      const s = i / n;
      const [x, y] = at(s);
      const w = widthMm * Math.sin(Math.PI * Math.min(1, s * 1.15 + 0.06)) * mm;
      if (i === 0) ctx.moveTo(x, y - offsetMm * mm - w / 2);
      else ctx.lineTo(x, y - offsetMm * mm - w / 2);
    }
    for (let i = n; i >= 0; i--) {
      const s = i / n;
      const [x, y] = at(s);
      const w = widthMm * Math.sin(Math.PI * Math.min(1, s * 1.15 + 0.06)) * mm;
      ctx.lineTo(x, y - offsetMm * mm + w / 2);
    }
    ctx.closePath();
  };
  ctx.save();
  // The hollow under the fold.
  ctx.filter = `blur(${Math.max(0.5, 0.2 * mm).toFixed(2)}px)`;
  ribbon(-0.16, 0.5);
  ctx.fillStyle = 'rgba(104, 58, 50, 0.26)';
  ctx.fill();
  // The crease itself, and the light on the fold's lip above it.
  ctx.filter = `blur(${Math.max(0.4, 0.07 * mm).toFixed(2)}px)`;
  ribbon(0, 0.16);
  ctx.fillStyle = 'rgba(96, 54, 46, 0.26)';
  ctx.fill();
  ribbon(0.14, 0.1);
  ctx.fillStyle = 'rgba(246, 206, 190, 0.18)';
  ctx.fill();
  ctx.restore();
}
