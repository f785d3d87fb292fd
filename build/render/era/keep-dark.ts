import type { EllipsePx } from '../geometry/iris-pose.ts';

/**
 * The part of the picture the era's grade must not lighten: the pupil where it shows (its ellipse
 * inside the lids' opening). A medium's lifted blacks (a webcam's, a filtered selfie's, a laptop LCD's
 * grey black) are a property of the light on the face and the screen, but a pupil is a hole into a
 * dark eye: it stays dark in every era (eye.md §11).
 */
export interface KeepDark {
  /** The opening between the lids, canvas px, as flat x, y pairs (aperturePolygonPx). */
  aperturePx: readonly number[];
  pupil: EllipsePx;
}

/** The pupil ellipse as a convex polygon (canvas px, flat pairs), fine enough that no edge shows. */
export function ellipsePolygonPx(e: EllipsePx, steps = 48): number[] {
  const out: number[] = [];
  const c = Math.cos(e.rotationRad);
  const s = Math.sin(e.rotationRad);
  for (let i = 0; i < steps; i++) {
    const t = (2 * Math.PI * i) / steps;
    const x = e.radiusXPx * Math.cos(t);
    const y = e.radiusYPx * Math.sin(t);
    out.push(e.xPx + x * c - y * s, e.yPx + x * s + y * c);
  }
  return out;
}

/**
 * Sutherland–Hodgman: the subject polygon (any shape) clipped by a convex polygon, both flat x, y
 * pairs; the result is their intersection. The clip's winding may be either way.
 */
export function clipByConvex(subject: readonly number[], convex: readonly number[]): number[] {
  const n = convex.length / 2;
  if (n < 3 || subject.length < 6) return [];
  // Orientation of the clip polygon (signed area), so "inside" is the same side for either winding.
  let area = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    area += convex[2 * i] * convex[2 * j + 1] - convex[2 * j] * convex[2 * i + 1];
  }
  const sign = area >= 0 ? 1 : -1;
  let out = subject.slice();
  for (let i = 0; i < n && out.length >= 6; i++) {
    const ax = convex[2 * i];
    const ay = convex[2 * i + 1];
    const bx = convex[(2 * i + 2) % (2 * n)];
    const by = convex[(2 * i + 3) % (2 * n)];
    const side = (x: number, y: number): number => sign * ((bx - ax) * (y - ay) - (by - ay) * (x - ax));
    const input = out;
    out = [];
    const m = input.length / 2;
    for (let k = 0; k < m; k++) {
      const px = input[2 * k];
      const py = input[2 * k + 1];
      const qx = input[(2 * k + 2) % (2 * m)];
      const qy = input[(2 * k + 3) % (2 * m)];
      const sp = side(px, py);
      const sq = side(qx, qy);
      if (sp >= 0) out.push(px, py);
      if (sp >= 0 !== sq >= 0) {
        const t = sp / (sp - sq);
        out.push(px + (qx - px) * t, py + (qy - py) * t);
      }
    }
  }
  return out.length >= 6 ? out : [];
}

/** The visible pupil: its ellipse inside the opening (canvas px, flat pairs; empty when the lids cover it). */
export function visiblePupilPx(k: KeepDark): number[] {
  return clipByConvex(k.aperturePx, ellipsePolygonPx(k.pupil));
}

/** The region as drawn under a frame scale about (cxPx, cyPx) (the enter moment's zoom). */
export function scaledKeepDark(k: KeepDark, cxPx: number, cyPx: number, scale: number): KeepDark {
  if (scale === 1) return k;
  return {
    aperturePx: k.aperturePx.map((v, i) => (i % 2 === 0 ? cxPx + (v - cxPx) * scale : cyPx + (v - cyPx) * scale)),
    pupil: {
      ...k.pupil,
      xPx: cxPx + (k.pupil.xPx - cxPx) * scale,
      yPx: cyPx + (k.pupil.yPx - cyPx) * scale,
      radiusXPx: k.pupil.radiusXPx * scale,
      radiusYPx: k.pupil.radiusYPx * scale,
    },
  };
}
