import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import { catchlightCentreMm } from '../../render/mask-contract.ts';
import type { EraId } from '../../scene/scene.ts';
import type { GazeSignal } from '../signal.ts';
import { errorStats, type ErrorStats } from './error-stats.ts';
import type { PixelTrace } from './pixel-trace.ts';

/**
 * The catchlight read from the film's mask pass (its plane: glintXMm/glintYMm/glintAreaMm2) held to
 * the cornea's mirror: on every frame it shows whole (its area at least WHOLE_AREA of the film's
 * largest; a lid over part of it moves its centroid), its centroid where the mirror puts the era's
 * screen for the model's gaze; and, from the pixels alone, its travel against the pupil's: the slope
 * of its x on the pupil's x over those frames, once the pupil has moved at least MIN_TRAVEL_MM.
 */
export const WHOLE_AREA = 0.97;
export const MIN_TRAVEL_MM = 1;

export interface CatchlightAgreement {
  measured: boolean;
  /** Why it was not measured (no plane drawn, no era given, never shown whole). */
  why: string;
  framesWhole: number;
  offMirrorMm: ErrorStats;
  /** The pupil's x range over those frames, mm, and the slope of the catchlight's x on it (null when under MIN_TRAVEL_MM). */
  pupilTravelMm: number;
  travelRatio: number | null;
  travelNote: string;
  placePass: boolean;
  travelPass: boolean;
}

interface Caps {
  catchlightMaxAbsMm: number;
  catchlightTravelRatio: { min: number; max: number };
}

export function catchlightAgreement(pixels: PixelTrace, model: GazeSignal, eraAtMs: ((tMs: number) => EraId) | null, caps: Caps): CatchlightAgreement {
  const p = pixels.columns;
  const n = p.frame.length;
  let maxArea = 0;
  for (let k = 0; k < n; k++) if (p.glintAreaMm2[k] > maxArea) maxArea = p.glintAreaMm2[k];
  const none = (why: string): CatchlightAgreement => ({
    measured: false,
    why,
    framesWhole: 0,
    offMirrorMm: errorStats([], []),
    pupilTravelMm: 0,
    travelRatio: null,
    travelNote: why,
    placePass: true,
    travelPass: true,
  });
  if (!(maxArea > 0)) return none('not measured: the film has no catchlight plane');
  if (!eraAtMs) return none('not measured: no era given for the mirror');
  const gx: number[] = [];
  const gy: number[] = [];
  const wantX: number[] = [];
  const wantY: number[] = [];
  const px: number[] = [];
  for (let k = 0; k < n; k++) {
    if (!(p.glintAreaMm2[k] >= WHOLE_AREA * maxArea) || !Number.isFinite(p.glintXMm[k])) continue;
    const want = catchlightCentreMm({ yawDeg: model.xDeg[k], pitchDeg: model.yDeg[k] }, ERA_LIGHT[eraAtMs(p.modelTMs[k])]);
    gx.push(p.glintXMm[k]);
    gy.push(p.glintYMm[k]);
    wantX.push(want.xMm);
    wantY.push(want.yMm);
    px.push(p.pupilCenterXMm[k]);
  }
  if (gx.length === 0) return none('not measured: the catchlight never showed whole');
  const off = gx.map((x, i) => Math.hypot(x - wantX[i], gy[i] - wantY[i]));
  const offMirrorMm = errorStats(off, new Array(off.length).fill(0));
  const placePass = (offMirrorMm.maxAbs ?? Infinity) <= caps.catchlightMaxAbsMm;

  // The travel: least squares of the catchlight's x on the pupil's, over frames with both.
  const pairs = px.map((x, i) => [x, gx[i]] as const).filter(([x]) => Number.isFinite(x));
  const xs = pairs.map(([x]) => x);
  const travel = xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
  let travelRatio: number | null = null;
  if (travel >= MIN_TRAVEL_MM) {
    const mx = xs.reduce((a, v) => a + v, 0) / xs.length;
    const my = pairs.reduce((a, [, y]) => a + y, 0) / pairs.length;
    let sxy = 0;
    let sxx = 0;
    for (const [x, y] of pairs) {
      sxy += (x - mx) * (y - my);
      sxx += (x - mx) ** 2;
    }
    travelRatio = sxy / sxx;
  }
  const r = caps.catchlightTravelRatio;
  const travelPass = travelRatio === null || (travelRatio >= r.min && travelRatio <= r.max);
  const travelNote =
    travelRatio === null
      ? `not measured: the pupil moved ${travel.toFixed(2)} mm (under ${MIN_TRAVEL_MM} mm) over ${gx.length} frames`
      : `over ${pairs.length} frames, the pupil across ${travel.toFixed(2)} mm`;
  return { measured: true, why: '', framesWhole: gx.length, offMirrorMm, pupilTravelMm: travel, travelRatio, travelNote, placePass, travelPass };
}
