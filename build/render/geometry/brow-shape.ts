/**
 * The brow's shape on the face, in mm about the globe centre (+x toward the nose, +y up): a band
 * running from the head (medial, above the inner canthus) to the tail (lateral, toward the temple),
 * its lower edge arching to a peak over the lateral limbus, thick at the head and tapering to the tail.
 *
 * The 25 mm frame (eye-frame.ts) holds the lower lid, the opening, the crease (~10.1 mm over the
 * centre) and the brow with room for its lift, so the brow sits closer to the crease than on a real
 * face: its lower edge ~1 mm above the crease over the pupil where a real brow leaves ~8–12 mm of hood,
 * and the band is ~2.5–3.2 mm tall where a real brow is ~5–10 mm. It is compressed, not moved off
 * the top. The tail ends ~3.5 mm past the lateral canthus (real: ~8–10 mm) so that it stays inside a
 * 16:10 frame (±20 mm).
 *
 * Positions along the brow are u ∈ [0, 1]: 0 the head, 1 the tail (with small rounded caps beyond). Across it v ∈ [0, 1]: 0 the lower
 * edge, 1 the upper.
 */
export const BROW_HEAD_X_MM = 15.5;
export const BROW_TAIL_X_MM = -17.6;

/**
 * The brow is drawn lifted by the model's lift up to this knee, then saturates softly toward
 * BROW_DRAWN_LIFT_MAX_MM, so that no lift, however large, brings hair into the frame's top rows. The
 * highest lift over long runs of every scene and preset is 2.33 mm (2013's lens), under the knee:
 * the picture follows the model exactly there.
 */
export const BROW_DRAWN_LIFT_KNEE_MM = 2.6;
export const BROW_DRAWN_LIFT_MAX_MM = 3.0;
/** Hair tips reach at most this far above the band's upper edge (brow-hairs.ts trims them). */
export const BROW_TIP_OVER_EDGE_MM = 0.15;

/** The lift as drawn (mm): the model's below the knee, softly saturating above it. */
export function browDrawnLiftMm(liftMm: number): number {
  if (liftMm <= BROW_DRAWN_LIFT_KNEE_MM) return liftMm;
  const room = BROW_DRAWN_LIFT_MAX_MM - BROW_DRAWN_LIFT_KNEE_MM;
  return BROW_DRAWN_LIFT_KNEE_MM + room * Math.tanh((liftMm - BROW_DRAWN_LIFT_KNEE_MM) / room);
}

export function browXMm(u: number): number {
  return BROW_HEAD_X_MM + (BROW_TAIL_X_MM - BROW_HEAD_X_MM) * u;
}

export function browUAt(xMm: number): number {
  return (xMm - BROW_HEAD_X_MM) / (BROW_TAIL_X_MM - BROW_HEAD_X_MM);
}

/** A C¹ curve through (u, value) points (Catmull–Rom, ends clamped): no kinks anywhere along the brow. */
export function smoothTable(points: readonly (readonly [number, number])[], u: number): number {
  const n = points.length;
  if (u <= points[0][0]) return points[0][1];
  if (u >= points[n - 1][0]) return points[n - 1][1];
  let i = 0;
  while (u > points[i + 1][0]) i++;
  const [u1, p1] = points[i];
  const [u2, p2] = points[i + 1];
  const h = u2 - u1;
  const slope = (j: number): number => {
    const a = points[Math.max(0, j - 1)];
    const b = points[Math.min(n - 1, j + 1)];
    return (b[1] - a[1]) / (b[0] - a[0]);
  };
  const m1 = slope(i) * h;
  const m2 = slope(i + 1) * h;
  const t = (u - u1) / h;
  const t2 = t * t;
  const t3 = t2 * t;
  return (2 * t3 - 3 * t2 + 1) * p1 + (t3 - 2 * t2 + t) * m1 + (-2 * t3 + 3 * t2) * p2 + (t3 - t2) * m2;
}

const PEAK_U = 0.62;
/** Rounded ends: past u = 0 and u = 1 the band closes in a half-ellipse this long (in u), never a straight edge. */
export const BROW_HEAD_CAP_U = 0.06;
export const BROW_TAIL_CAP_U = 0.02;
export const BROW_U_MIN = -BROW_HEAD_CAP_U;
export const BROW_U_MAX = 1 + BROW_TAIL_CAP_U;

function lowerCore(u: number): number {
  if (u <= PEAK_U) return 9.9 + 1.5 * Math.sin((Math.PI / 2) * (u / PEAK_U));
  return 11.4 - 1.3 * Math.pow((u - PEAK_U) / (1 - PEAK_U), 1.5);
}

const THICKNESS_MM: readonly (readonly [number, number])[] = [
  [0, 2.9],
  [0.12, 3.2],
  [0.3, 2.9],
  [0.55, 2.5],
  [0.8, 1.6],
  [1, 0.45],
];

/** How much of the band's height survives at u (1 inside [0, 1], an ellipse's profile over the caps). */
function capScale(u: number): number {
  const over = u < 0 ? -u / BROW_HEAD_CAP_U : u > 1 ? (u - 1) / BROW_TAIL_CAP_U : 0;
  return over >= 1 ? 0 : Math.sqrt(1 - over * over);
}

/** The band's height at u, mm (0 outside BROW_U_MIN … BROW_U_MAX). */
export function browThicknessMm(u: number): number {
  return smoothTable(THICKNESS_MM, u) * capScale(u);
}

/** The band's middle line at u, mm above the globe centre (at rest). */
export function browMidMm(u: number): number {
  const c = Math.min(1, Math.max(0, u));
  return lowerCore(c) + smoothTable(THICKNESS_MM, c) / 2;
}

/** The band's lower edge at u, mm above the globe centre (at rest). */
export function browLowerMm(u: number): number {
  return browMidMm(u) - browThicknessMm(u) / 2;
}

export function browUpperMm(u: number): number {
  return browMidMm(u) + browThicknessMm(u) / 2;
}

/**
 * The direction hair grows at (u, v), radians in the mm plane (0 = toward the nose, π/2 = up, π =
 * toward the temple). Along the brow it turns gradually, with no seam: upright at the head, leaning
 * toward the temple over the body, lying flat along the tail. Across the body it fans (the herringbone
 * of a real brow): the lower rows point up and out, the upper rows out and a little down, meeting
 * along the middle.
 */
const ALONG_RAD: readonly (readonly [number, number])[] = [
  [0, Math.PI / 2 - 0.08],
  [0.12, Math.PI / 2 + 0.22],
  [0.36, Math.PI - 0.55],
  [0.5, Math.PI - 0.32],
  [0.75, Math.PI - 0.12],
  [1, Math.PI + 0.06],
];

export function browHairAngleRad(u: number, v: number): number {
  const fan = 0.75 * smoothTable([[0.1, 0], [0.35, 1], [0.8, 0.7], [1, 0.3]], u);
  return smoothTable(ALONG_RAD, u) + (v - 0.45) * fan;
}

/** The lift at u from the chain's node lifts (head → tail, evenly spaced), linear between nodes. */
export function browLiftAtMm(u: number, nodeLiftsMm: readonly number[]): number {
  const n = nodeLiftsMm.length;
  if (n === 1) return nodeLiftsMm[0];
  const s = Math.min(n - 1, Math.max(0, u * (n - 1)));
  const i = Math.min(n - 2, Math.floor(s));
  return nodeLiftsMm[i] + (nodeLiftsMm[i + 1] - nodeLiftsMm[i]) * (s - i);
}

/** The band's outline at rest (mm points, closed): lower edge head → tail, upper edge back. */
export function browOutlineMm(steps = 96): { xMm: number; yMm: number }[] {
  const pts: { xMm: number; yMm: number }[] = [];
  // Cosine spacing crowds the points into the rounded ends, where the outline turns fastest.
  const uAt = (i: number): number => BROW_U_MIN + (BROW_U_MAX - BROW_U_MIN) * (0.5 - 0.5 * Math.cos((Math.PI * i) / steps));
  for (let i = 0; i <= steps; i++) pts.push({ xMm: browXMm(uAt(i)), yMm: browLowerMm(uAt(i)) });
  for (let i = steps - 1; i > 0; i--) pts.push({ xMm: browXMm(uAt(i)), yMm: browUpperMm(uAt(i)) });
  return pts;
}

/**
 * The outline's area centroid at rest (mm): what a pixel measurement of the brow compares against.
 * A brow found in the mask with its centroid at y is lifted by y − this.yMm (to the pixel the mask is
 * drawn at; when the chain bends, that is the area-weighted mean of its lift along the brow).
 */
export function browOutlineCentroidMm(): { xMm: number; yMm: number; areaMm2: number } {
  const o = browOutlineMm();
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < o.length; i++) {
    const p = o[i];
    const q = o[(i + 1) % o.length];
    const cross = p.xMm * q.yMm - q.xMm * p.yMm;
    a += cross;
    cx += (p.xMm + q.xMm) * cross;
    cy += (p.yMm + q.yMm) * cross;
  }
  return { xMm: cx / (3 * a), yMm: cy / (3 * a), areaMm2: Math.abs(a) / 2 };
}
