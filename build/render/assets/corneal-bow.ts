/**
 * A screen's image in the cornea is bowed, not ruled: a convex mirror pulls the corners of a
 * rectangle's image in toward its middle (barrel distortion), so each side bulges out between its
 * corners. For a sphere of 7.8 mm and a desk screen at 60 cm the pull is ~3 % at the corners (~0.04 mm);
 * the tear film's uneven thickness and the cornea's flatter periphery add to it. BOW_MM takes 0.13 mm,
 * more than the sphere alone, for eye.md §11's rule (no straight vertical edge over 1.5 mm): 2003's
 * screen images 1.75 mm tall, and its 3-px webcam blocks (0.1 mm at 720p) keep a side that moves less
 * than a block in one column, a straight edge; at 0.13 mm every side up to a tenth taller than 2003's crosses a block's edge within 1.5 mm (corneal-bow.test.ts).
 */
export const BOW_MM = 0.13;
/** …and never more than this share of the half-size it bows across (a phone's 0.6-mm image bows in proportion). */
export const BOW_SHARE = 0.15;

/**
 * A closed outline (px, about any centre) resampled every `stepPx` along its length, then bowed: each
 * point pulled toward the box's middle by the pull × (its offset along the other axis ÷ that half-size)²,
 * so the corners move in by the pull (BOW_MM, at most BOW_SHARE of the half-size) and each side's middle stays.
 */
export function bowOutline(points: readonly (readonly [number, number])[], pxPerMm: number, stepPx = 1): [number, number][] {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const hx = (x1 - x0) / 2;
  const hy = (y1 - y0) / 2;
  if (!(hx > 0 && hy > 0)) return points.map(([x, y]) => [x, y]);
  const pullX = Math.min(BOW_MM * pxPerMm, BOW_SHARE * hx);
  const pullY = Math.min(BOW_MM * pxPerMm, BOW_SHARE * hy);
  const out: [number, number][] = [];
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[(i + 1) % n];
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / stepPx));
    for (let j = 0; j < steps; j++) {
      const dx = ax + ((bx - ax) * j) / steps - cx;
      const dy = ay + ((by - ay) * j) / steps - cy;
      const u = dx / hx;
      const v = dy / hy;
      out.push([cx + dx - Math.sign(dx) * Math.min(1, Math.abs(u)) * pullX * v * v, cy + dy - Math.sign(dy) * Math.min(1, Math.abs(v)) * pullY * u * u]);
    }
  }
  return out;
}
