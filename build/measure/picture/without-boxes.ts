/** A pixel box, [x0, x1) × [y0, y1). */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A copy of a 0/1 region with the given boxes cleared (e.g. where the visitor's pointer is drawn over
 * the film: its moving arrow is not the skin changing). Boxes are clipped to the frame.
 */
export function withoutBoxes(region: Uint8Array, widthPx: number, boxes: readonly (PixelBox | null)[]): Uint8Array {
  const heightPx = region.length / widthPx;
  const out = region.slice();
  for (const b of boxes) {
    if (!b) continue;
    const x0 = Math.max(0, Math.floor(b.x0));
    const x1 = Math.min(widthPx, Math.ceil(b.x1));
    for (let y = Math.max(0, Math.floor(b.y0)); y < Math.min(heightPx, Math.ceil(b.y1)); y++) out.fill(0, y * widthPx + x0, y * widthPx + Math.max(x0, x1));
  }
  return out;
}
