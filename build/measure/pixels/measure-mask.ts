import { MASK_BROW, MASK_COLORS, browUAt, xMmOf, xPx, yMmOf, type EyeFrame } from '../../render/mask-contract.ts';
import { BROW_NODES } from '../../model/tuned/brow/brow-shape.ts';
import { coverageOf } from './mask-coverage.ts';
import { openingAtPx } from './opening-at.ts';
import { fitOccludedPupil } from './pupil-edge-fit.ts';
import { gazeFromPupilCenter } from './twin-gaze.ts';

/**
 * One mask frame (build/render/draw-mask.ts: pupil, iris, sclera, tear line, caruncle, skin, lashes and
 * brow in flat colours) read as a dark-pupil video tracker reads an eye, plus the lids and the brow:
 * - the pupil is the black blob; its coverage-weighted centroid is the iris centre in the image plane,
 *   turned into yaw/pitch through the twin, and its diameter is read along its unforeshortened axis:
 *   its area is π·r²·cos(yaw)·cos(pitch) (the disc is squashed along one axis only);
 * - a pupil touched by skin or lashes (a lid coming over it) is found from the rim it still shows,
 *   as a tracker's ellipse fit finds it (pupil-edge-fit.ts), while at least half its rim is seen;
 *   beyond that it is a lost sample (NaN), as a real tracker loses it;
 * - the aperture is the opening (sclera, iris, pupil, tear line, caruncle: mask-colors.ts's `opening`;
 *   lashes across it bridged) at the pupil's column, as the model's apertureMm is (the lids pass
 *   through the model's heights there), 0 when shut;
 *   with the pupil hidden, at the middle of the iris the slit still shows (a horizontal chord of the
 *   iris is halved by its centre's column), else at the caller's fallback;
 * - the brow's lift is how far its lower edge has risen against the same edge in a rest mask, over
 *   the whole brow and at each of the chain's five nodes (evenly from head to tail, brow-shape.ts).
 * Edges are read to a fraction of a pixel from the antialiased colours (mask-coverage.ts).
 */
export interface MaskMeasure {
  /** whole: no skin or lash pixel touches the pupil; partial: fitted to its visible rim; lost: not measurable. */
  pupil: PupilState;
  /** Pupil centroid, mm right of / above the globe centre (NaN when not visible). */
  pupilCenterXMm: number;
  pupilCenterYMm: number;
  pupilDiameterMm: number;
  /** Gaze through the twin from the pupil centre (NaN when not visible). */
  yawDeg: number;
  pitchDeg: number;
  /** Palpebral opening at `apertureColumnXMm`, mm (0 shut). */
  apertureMm: number;
  /** The column the opening was read at: the pupil's; with it hidden, the iris chord's middle or the caller's fallback. */
  apertureColumnXMm: number;
  /** Brow lift against the rest reference, mm + up (NaN without a reference or a brow in frame). */
  browLiftMm: number;
  /** The same rise at each node, head → tail (browNodeLiftsMm), mm + up (NaN where it cannot be read). */
  browNodeLiftsMm: number[];
}

export type PupilState = 'whole' | 'partial' | 'lost';

export interface MaskMeasureOptions {
  /** Where to read the opening when the pupil is hidden (mm right of the globe centre). */
  fallbackColumnXMm: number;
  /** The brow's lower edge per column in a rest mask of the same size (browEdgesPx), or null. */
  browReferencePx: Float64Array | null;
}

/** A pupil pixel this dark (of 255) touching this much red or blue: skin or lashes over the pupil. */
const TOUCH_LEVEL = 12;
/** The canvas rounds each channel of a blend, so two classes' blend can sum a level or two under 255. */
const ROUNDING_LEVEL = 3;
/** A lidded pupil is tracked while at least this fraction of its rim borders the iris. */
export const MIN_RIM_SEEN = 0.5;
/** Columns the brow must show in both frames for a lift to be read (a brow mostly out of frame is not). */
const MIN_BROW_COLUMNS_FRACTION = 0.1;
/** Rows either side of an edge whose antialiased coverage is summed. */
const EDGE_WINDOW_PX = 3;

const NOT_BROW = MASK_COLORS.filter((c) => c !== MASK_BROW);
const BROW_ONLY = [MASK_BROW];

/** Measure one mask frame (RGBA bytes, row-major, as getImageData gives them). */
export function measureMaskFrame(
  rgba: Uint8ClampedArray | Uint8Array,
  widthPx: number,
  heightPx: number,
  frame: EyeFrame,
  o: MaskMeasureOptions,
): MaskMeasure {
  checkSize(rgba, widthPx, heightPx);
  const lowestBrow = new Int32Array(widthPx).fill(-1);
  let sumW = 0;
  let sumX = 0;
  let sumY = 0;
  let touched = false;
  const box = { x0: widthPx, x1: -1, y0: heightPx, y1: -1 };
  // One pass over the frame: the pupil's weight, and each column's lowest brow pixel.
  for (let y = 0, i = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++, i += 4) {
      const r = rgba[i];
      const g = rgba[i + 1];
      const b = rgba[i + 2];
      // The bottom of the column's first (topmost) run of brow: a lone brow-coloured blend lower down
      // (where skin, iris and sclera meet at a lid margin) is not the brow.
      if (isBrow(r, g, b) && (lowestBrow[x] < 0 || lowestBrow[x] === y - 1)) lowestBrow[x] = y;
      // Every other class has a channel sum ≥ 255, so a blend with black is exactly this dark: the
      // pupil's coverage, exact for its blends with iris, skin or lashes (the pupil never meets sclera).
      const w = 255 - r - g - b;
      if (w > ROUNDING_LEVEL) {
        sumW += w;
        sumX += w * (x + 0.5);
        sumY += w * (y + 0.5);
        // Any trace of pupil blended with skin or lashes (even a last sliver under a closing lid), or
        // beside them: the canvas clips the iris and pupil to the opening without antialiasing.
        if (r > TOUCH_LEVEL || b > TOUCH_LEVEL) touched = true;
        else if (!touched) {
          const row = widthPx * 4;
          touched = (x > 0 && isLid(rgba, i - 4)) || (x + 1 < widthPx && isLid(rgba, i + 4)) || (y > 0 && isLid(rgba, i - row)) || (y + 1 < heightPx && isLid(rgba, i + row));
        }
        if (w >= 128) {
          if (x < box.x0) box.x0 = x;
          if (x > box.x1) box.x1 = x;
          if (y < box.y0) box.y0 = y;
          if (y > box.y1) box.y1 = y;
        }
      }
    }
  }
  const px2 = frame.pxPerMm * frame.pxPerMm;
  let state: PupilState = 'lost';
  let pupil = { xMm: NaN, yMm: NaN, dMm: NaN, yawDeg: NaN, pitchDeg: NaN };
  if (sumW > 0 && !touched) {
    state = 'whole';
    const xMm = xMmOf(frame, sumX / sumW);
    const yMm = yMmOf(frame, sumY / sumW);
    const gaze = gazeFromPupilCenter(xMm, yMm);
    const foreshortening = Math.cos((gaze.yawDeg * Math.PI) / 180) * Math.cos((gaze.pitchDeg * Math.PI) / 180);
    const areaMm2 = sumW / 255 / px2;
    pupil = { xMm, yMm, dMm: 2 * Math.sqrt(areaMm2 / (Math.PI * foreshortening)), ...gaze };
  } else if (sumW > 0 && box.x1 >= 0) {
    const start = { xMm: xMmOf(frame, sumX / sumW), yMm: yMmOf(frame, sumY / sumW) };
    const fit = fitOccludedPupil(rgba, widthPx, heightPx, frame, box, start);
    if (fit && fit.rimSeenFraction >= MIN_RIM_SEEN) {
      state = 'partial';
      pupil = { xMm: fit.xMm, yMm: fit.yMm, dMm: fit.diameterMm, ...gazeFromPupilCenter(fit.xMm, fit.yMm) };
    }
  }
  let columnXMm = pupil.xMm;
  if (state === 'lost') {
    const iris = irisChordMiddlePx(rgba, widthPx, heightPx);
    columnXMm = Number.isFinite(iris) ? xMmOf(frame, iris) : o.fallbackColumnXMm;
  }
  return {
    pupil: state,
    pupilCenterXMm: pupil.xMm,
    pupilCenterYMm: pupil.yMm,
    pupilDiameterMm: pupil.dMm,
    yawDeg: pupil.yawDeg,
    pitchDeg: pupil.pitchDeg,
    apertureMm: openingAtPx(rgba, widthPx, heightPx, xPx(frame, columnXMm), frame.pxPerMm) / frame.pxPerMm,
    apertureColumnXMm: columnXMm,
    ...browLifts(o.browReferencePx, rgba, widthPx, heightPx, lowestBrow, frame),
  };
}

/**
 * With the pupil under the lid: the iris's column from the slit. In each row where the iris (or
 * pupil) run has sclera at both ends, its middle; the mean over those rows (NaN when none).
 */
function irisChordMiddlePx(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number): number {
  const isIris = (i: number) => rgba[i] < 128 && rgba[i + 2] < 128;
  const isSclera = (i: number) => rgba[i] >= 128 && rgba[i + 1] >= 128 && rgba[i + 2] >= 128;
  let sum = 0;
  let rows = 0;
  for (let y = 0; y < heightPx; y++) {
    const row = y * widthPx * 4;
    let first = -1;
    let last = -1;
    for (let x = 0; x < widthPx; x++) {
      if (!isIris(row + x * 4)) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first <= 0 || last >= widthPx - 1) continue;
    if (!isSclera(row + (first - 1) * 4) || !isSclera(row + (last + 1) * 4)) continue;
    sum += (first + last + 1) / 2;
    rows++;
  }
  return rows > 0 ? sum / rows : NaN;
}

/** The brow's lower edge in every column, px from the top (NaN where the column shows no brow edge). */
export function browEdgesPx(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number): Float64Array {
  checkSize(rgba, widthPx, heightPx);
  const lowest = new Int32Array(widthPx).fill(-1);
  for (let y = 0, i = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++, i += 4) if (isBrow(rgba[i], rgba[i + 1], rgba[i + 2]) && (lowest[x] < 0 || lowest[x] === y - 1)) lowest[x] = y;
  }
  return edgesFromLowest(rgba, widthPx, heightPx, lowest);
}

function browLifts(
  referencePx: Float64Array | null,
  rgba: Uint8ClampedArray | Uint8Array,
  widthPx: number,
  heightPx: number,
  lowestBrow: Int32Array,
  frame: EyeFrame,
): Pick<MaskMeasure, 'browLiftMm' | 'browNodeLiftsMm'> {
  if (!referencePx) return { browLiftMm: NaN, browNodeLiftsMm: new Array<number>(BROW_NODES).fill(NaN) };
  const edges = edgesFromLowest(rgba, widthPx, heightPx, lowestBrow);
  return { browLiftMm: browLiftMm(referencePx, edges, frame.pxPerMm), browNodeLiftsMm: browNodeLiftsMm(referencePx, edges, frame) };
}

/**
 * Half the span of brow (in u, 0 head … 1 tail) read for one node: ~0.8 mm either side of it, a few
 * of the mask outline's points (each lifted to whole pixels), so a node's rise is read to a fraction
 * of a pixel while its neighbours (a quarter of the brow away) stay out.
 */
export const BROW_NODE_HALF_SPAN_U = 0.025;

/**
 * The rise of the brow's lower edge at each node of the chain (node i at u = i / (BROW_NODES − 1)),
 * mm: the mean over the columns within BROW_NODE_HALF_SPAN_U of it, inside the brow (NaN when fewer
 * than two such columns show the edge in both frames).
 */
export function browNodeLiftsMm(referencePx: Float64Array, edgesPx: Float64Array, frame: EyeFrame): number[] {
  const out: number[] = [];
  for (let k = 0; k < BROW_NODES; k++) {
    const u0 = k / (BROW_NODES - 1);
    let n = 0;
    let sum = 0;
    for (let x = 0; x < referencePx.length; x++) {
      const u = browUAt(xMmOf(frame, x + 0.5));
      if (u < Math.max(0, u0 - BROW_NODE_HALF_SPAN_U) || u > Math.min(1, u0 + BROW_NODE_HALF_SPAN_U)) continue;
      if (!Number.isFinite(referencePx[x]) || !Number.isFinite(edgesPx[x])) continue;
      sum += referencePx[x] - edgesPx[x];
      n++;
    }
    out.push(n >= 2 ? sum / n / frame.pxPerMm : NaN);
  }
  return out;
}

/** Mean rise of the brow's lower edge over the columns where both frames show it, mm. */
export function browLiftMm(referencePx: Float64Array, edgesPx: Float64Array, pxPerMm: number): number {
  let n = 0;
  let sum = 0;
  let inReference = 0;
  for (let x = 0; x < referencePx.length; x++) {
    if (!Number.isFinite(referencePx[x])) continue;
    inReference++;
    if (!Number.isFinite(edgesPx[x])) continue;
    sum += referencePx[x] - edgesPx[x];
    n++;
  }
  if (n === 0 || n < MIN_BROW_COLUMNS_FRACTION * inReference) return NaN;
  return sum / n / pxPerMm;
}

/** Mostly skin or mostly lash (the classes that hide the pupil). */
function isLid(rgba: Uint8ClampedArray | Uint8Array, i: number): boolean {
  const r = rgba[i];
  const g = rgba[i + 1];
  const b = rgba[i + 2];
  return g < 128 && ((r >= 128 && b < 128) || (b >= 128 && r < 128));
}

/** Mostly brow (coverage over ~0.6): no blend of two other classes gets both red and green this high with little blue. */
function isBrow(r: number, g: number, b: number): boolean {
  return r >= 160 && g >= 160 && b < 96;
}

/**
 * Each column's brow edge to a fraction of a pixel: below the lowest mostly-brow row, the brow's
 * coverage summed over a few rows is how far the edge reaches into them. A column whose brow runs
 * into the top or bottom of the frame has no edge to read (NaN).
 */
function edgesFromLowest(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number, lowest: Int32Array): Float64Array {
  const out = new Float64Array(widthPx).fill(NaN);
  for (let x = 0; x < widthPx; x++) {
    const rb = lowest[x];
    const from = rb - EDGE_WINDOW_PX;
    const to = rb + EDGE_WINDOW_PX;
    if (rb < 0 || from < 0 || to >= heightPx) continue;
    let covered = 0;
    for (let y = from; y <= to; y++) {
      const i = (y * widthPx + x) * 4;
      covered += coverageOf(rgba[i], rgba[i + 1], rgba[i + 2], BROW_ONLY, NOT_BROW);
    }
    out[x] = from + covered;
  }
  return out;
}

function checkSize(rgba: Uint8ClampedArray | Uint8Array, widthPx: number, heightPx: number): void {
  if (!Number.isInteger(widthPx) || !Number.isInteger(heightPx) || widthPx <= 0 || heightPx <= 0 || rgba.length !== widthPx * heightPx * 4) {
    throw new Error(`mask frame: ${rgba.length} bytes is not ${widthPx}×${heightPx} RGBA`);
  }
}
