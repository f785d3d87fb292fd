/**
 * Vertical strips across the fissure, for the things that follow a moving margin: the lid skin that
 * stretches to it and the shade it throws on the globe. A narrow strip's straight top or bottom edge
 * is indistinguishable from the curve, and a drawImage per strip is far cheaper than a wide stroke or
 * a blur.
 */
export interface Strip {
  x0Px: number;
  x1Px: number;
  /** Centre column. */
  xPx: number;
}

export function stripsAcross(x0Px: number, x1Px: number, count: number): Strip[] {
  const out: Strip[] = [];
  // Narrower toward the ends (cosine spacing), where the lid's curves bend hardest.
  const at = (i: number): number => x0Px + ((x1Px - x0Px) * (1 - Math.cos((Math.PI * i) / count))) / 2;
  for (let i = 0; i < count; i++) {
    // Whole-pixel edges that abut exactly: no gap, and no overlap to double a translucent layer.
    const a = Math.round(at(i));
    const b = Math.round(at(i + 1));
    if (b > a) out.push({ x0Px: a, x1Px: b, xPx: (a + b) / 2 });
  }
  return out;
}

/** Linear interpolation of a polyline [x0, y0, …] (x increasing) at x, and its slope there. */
export function polylineAt(pts: number[], x: number): { yPx: number; slope: number } {
  const n = pts.length / 2;
  if (x <= pts[0]) return { yPx: pts[1], slope: 0 };
  for (let i = 1; i < n; i++) {
    const xa = pts[2 * (i - 1)];
    const xb = pts[2 * i];
    if (x <= xb) {
      const ya = pts[2 * (i - 1) + 1];
      const yb = pts[2 * i + 1];
      const slope = xb === xa ? 0 : (yb - ya) / (xb - xa);
      return { yPx: ya + slope * (x - xa), slope };
    }
  }
  return { yPx: pts[2 * n - 1], slope: 0 };
}
