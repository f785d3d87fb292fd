/** Integer pixel bounds of a polyline [x0, y0, …], grown by `padPx` and kept inside the canvas. */
export interface BoundsPx {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function polylineBoundsPx(pts: number[], padPx: number, widthPx: number, heightPx: number): BoundsPx {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < pts.length; i += 2) {
    x0 = Math.min(x0, pts[i]);
    x1 = Math.max(x1, pts[i]);
    y0 = Math.min(y0, pts[i + 1]);
    y1 = Math.max(y1, pts[i + 1]);
  }
  const x = Math.max(0, Math.floor(x0 - padPx));
  const y = Math.max(0, Math.floor(y0 - padPx));
  return {
    x,
    y,
    w: Math.max(1, Math.min(widthPx, Math.ceil(x1 + padPx)) - x),
    h: Math.max(1, Math.min(heightPx, Math.ceil(y1 + padPx)) - y),
  };
}

/** Draw the same sub-rectangle of a frame-sized layer onto the frame (only the pixels that matter). */
export function blitRegion(ctx: CanvasRenderingContext2D, src: CanvasImageSource, b: BoundsPx): void {
  ctx.drawImage(src, b.x, b.y, b.w, b.h, b.x, b.y, b.w, b.h);
}
