import { xMmOf, yMmOf, type EyeFrame } from '../../render/mask-contract.ts';
import { gazeFromPupilCenter } from './twin-gaze.ts';

/**
 * A pupil partly under a lid, found as a video tracker finds it: from the part of its rim that still
 * borders the iris, fitted with the shape the twin says it has. The pupil is a disc on the globe, so
 * its image is the disc mapped by the gaze's projection (iris-pose.ts: irisDiscMatrix); mapping the rim
 * points back through that matrix turns them into points of a circle, fitted by linear least squares
 * (Kåsa). The gaze, hence the matrix, comes from the fitted centre, so the fit is iterated from the
 * centroid of the visible part. Rim points are read to a fraction of a pixel from the antialiased
 * pupil/iris blends along columns (top and bottom rims) and rows (left and right rims); any window
 * that touches skin or lashes is not rim.
 */
export interface PupilFit {
  xMm: number;
  yMm: number;
  diameterMm: number;
  /** Fraction of the rim's angle (36 sectors about the fitted centre) that showed rim points. */
  rimSeenFraction: number;
  points: number;
}

export interface PixelBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const EDGE = 3;
/** A pupil/iris blend has no red and no blue; more than this is skin or lashes in the window. */
const FOREIGN_LEVEL = 12;
const SECTORS = 36;
const ITERATIONS = 4;

export function fitOccludedPupil(
  rgba: Uint8ClampedArray | Uint8Array,
  widthPx: number,
  heightPx: number,
  frame: EyeFrame,
  box: PixelBox,
  startMm: { xMm: number; yMm: number },
): PupilFit | null {
  const pts: number[] = [];
  const cov = (x: number, y: number) => {
    const i = (y * widthPx + x) * 4;
    if (rgba[i] > FOREIGN_LEVEL || rgba[i + 2] > FOREIGN_LEVEL) return NaN;
    return Math.max(0, 255 - rgba[i + 1]) / 255;
  };
  // One line of pixels across an edge: pupil on one side, iris on the other, nothing else in the window.
  const readEdge = (at: (k: number) => number, k: number, pupilBefore: boolean, limit: number): number => {
    const from = pupilBefore ? k - EDGE + 1 : k - EDGE;
    const to = pupilBefore ? k + EDGE : k + EDGE - 1;
    if (from < 0 || to >= limit) return NaN;
    let sum = 0;
    let partial = 0;
    for (let j = from; j <= to; j++) {
      const c = at(j);
      if (Number.isNaN(c)) return NaN;
      if (c > 0.02 && c < 0.98) partial++;
      sum += c;
    }
    // A rim crossing the line steeply smears over many pixels: leave it to the lines across it.
    if (partial > 2 || at(pupilBefore ? from : to) < 0.98 || at(pupilBefore ? to : from) > 0.02) return NaN;
    return pupilBefore ? from + sum : to + 1 - sum;
  };
  const x0 = Math.max(0, box.x0 - 1);
  const x1 = Math.min(widthPx - 1, box.x1 + 1);
  const y0 = Math.max(0, box.y0 - 1);
  const y1 = Math.min(heightPx - 1, box.y1 + 1);
  for (let x = x0; x <= x1; x++) {
    const at = (y: number) => cov(x, y);
    for (let y = y0; y < y1; y++) {
      const a = at(y) >= 0.5;
      const b = at(y + 1) >= 0.5;
      if (a === b) continue;
      const e = readEdge(at, a ? y : y + 1, a, heightPx);
      if (Number.isFinite(e)) pts.push(xMmOf(frame, x + 0.5), yMmOf(frame, e));
    }
  }
  for (let y = y0; y <= y1; y++) {
    const at = (x: number) => cov(x, y);
    for (let x = x0; x < x1; x++) {
      const a = at(x) >= 0.5;
      const b = at(x + 1) >= 0.5;
      if (a === b) continue;
      const e = readEdge(at, a ? x : x + 1, a, widthPx);
      if (Number.isFinite(e)) pts.push(xMmOf(frame, e), yMmOf(frame, y + 0.5));
    }
  }
  const n = pts.length / 2;
  if (n < 8) return null;
  let cx = startMm.xMm;
  let cy = startMm.yMm;
  let r = NaN;
  const q = new Float64Array(pts.length);
  for (let it = 0; it < ITERATIONS; it++) {
    const g = gazeFromPupilCenter(cx, cy);
    const yaw = (g.yawDeg * Math.PI) / 180;
    const pitch = (g.pitchDeg * Math.PI) / 180;
    // irisDiscMatrix: x' = a·u + c·v, y' = b·u + d·v with b = 0; its inverse maps the rim to a circle.
    const a = Math.cos(yaw);
    const c = -Math.sin(yaw) * Math.sin(pitch);
    const d = Math.cos(pitch);
    for (let k = 0; k < n; k++) {
      const v = pts[2 * k + 1] / d;
      q[2 * k] = (pts[2 * k] - c * v) / a;
      q[2 * k + 1] = v;
    }
    const circle = kasaFit(q, n);
    if (!circle) return null;
    cx = a * circle.x + c * circle.y;
    cy = d * circle.y;
    r = circle.r;
  }
  // How much of the rim was seen: sectors about the fitted centre (in the circle's own plane).
  const seen = new Uint8Array(SECTORS);
  const g = gazeFromPupilCenter(cx, cy);
  const a = Math.cos((g.yawDeg * Math.PI) / 180);
  const c = -Math.sin((g.yawDeg * Math.PI) / 180) * Math.sin((g.pitchDeg * Math.PI) / 180);
  const d = Math.cos((g.pitchDeg * Math.PI) / 180);
  const qcy = cy / d;
  const qcx = (cx - c * qcy) / a;
  for (let k = 0; k < n; k++) {
    const v = pts[2 * k + 1] / d;
    const u = (pts[2 * k] - c * v) / a;
    const ang = Math.atan2(v - qcy, u - qcx);
    seen[Math.min(SECTORS - 1, Math.floor(((ang + Math.PI) / (2 * Math.PI)) * SECTORS))] = 1;
  }
  const rimSeenFraction = seen.reduce((s, v) => s + v, 0) / SECTORS;
  return { xMm: cx, yMm: cy, diameterMm: 2 * r, rimSeenFraction, points: n };
}

/** Least-squares circle through points (x² + y² + D·x + E·y + F = 0), or null when degenerate. */
function kasaFit(q: Float64Array, n: number): { x: number; y: number; r: number } | null {
  // Centre the points for conditioning.
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k++) {
    mx += q[2 * k];
    my += q[2 * k + 1];
  }
  mx /= n;
  my /= n;
  let suu = 0;
  let suv = 0;
  let svv = 0;
  let suuu = 0;
  let svvv = 0;
  let suvv = 0;
  let svuu = 0;
  for (let k = 0; k < n; k++) {
    const u = q[2 * k] - mx;
    const v = q[2 * k + 1] - my;
    suu += u * u;
    suv += u * v;
    svv += v * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  // Bullock's form: [suu suv; suv svv]·(uc, vc) = ½·(suuu + suvv, svvv + svuu).
  const det = suu * svv - suv * suv;
  if (!(Math.abs(det) > 1e-18)) return null;
  const b1 = 0.5 * (suuu + suvv);
  const b2 = 0.5 * (svvv + svuu);
  const uc = (b1 * svv - b2 * suv) / det;
  const vc = (suu * b2 - suv * b1) / det;
  const r = Math.sqrt(uc * uc + vc * vc + (suu + svv) / n);
  return { x: uc + mx, y: vc + my, r };
}
