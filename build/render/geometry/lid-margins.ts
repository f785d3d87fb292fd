import { openingMm } from '../../model/anatomy/lids.ts';
import { GLOBE_RADIUS_MM, REST_APERTURE_MM, restSample } from '../../model/anatomy/rest.ts';
import type { EyeSample } from '../../model/types.ts';
import { LOWER_DRAPE_MAX_MM, UPPER_DRAPE_MAX_MM, drapeBump, drapeLiftMm } from './lid-drape.ts';
import {
  CANTHUS_LATERAL_MM,
  CANTHUS_MEDIAL_MM,
  canthalLineMm,
  fissureT,
  lowerArch,
  upperArch,
} from './lid-shape.ts';

/**
 * Both lid margins for one sample, as curves across the fissure (mm, +y up).
 *
 * The model gives each margin's height at the pupil's column; the curves are solved to pass through
 * exactly those heights there, so the drawn opening at that column is the model's aperture:
 *   lower(x) = canthal line − a·lowerArch − lowerDrape·bump(x − xp)
 *   upper(x) = canthal line + U·upperArch·lens(x) − w·a·lowerArch + upperDrape·bump(x − xp)
 * with `a` and `U` ≥ 0 solved at xp, and w (0 open … 1 shut) how much of the lower lid's dip the upper
 * margin has taken on. The opening between them, U·upperArch·lens + (1 − w)·a·lowerArch + rises, is
 * never negative, and shut (w = 1, U = 0) the lids meet all along.
 *
 * The upper margin stays one smooth arch at every closure, taking on the lower lid's dip only as the
 * lids come together (w = closure^2.5), and lens(x) (1 open, a wide bell about the cornea's column
 * closing) lets the corners zip shut a little ahead of the middle, where the cornea holds the lids
 * apart: a closing eye is an almond shrinking onto the cornea. The lateral lid runs a little ahead of
 * the medial (w grows first laterally), so half shut the margin is a tilted curve, not the flat chord
 * it would pass through if it closed evenly. (Scaling the rest opening alone, the upper arch cancels
 * the lower lid's dip half way: a straight ruler across the eye.)
 */
export interface LidMargins {
  xLateralMm: number;
  xMedialMm: number;
  /** The pupil's column (where the model's heights hold). */
  pupilColumnMm: number;
  /** Cornea-driven rises at the pupil column, mm. */
  upperDrapeMm: number;
  lowerDrapeMm: number;
  /** 0 shut … 1 rest opening (can exceed 1 a little looking up). */
  openness: number;
  /** 0 open for this gaze … 1 shut: how far a blink (or any closure) has brought the lids together. */
  closure: number;
  upperMm(xMm: number): number;
  lowerMm(xMm: number): number;
}

/** How narrow the closing almond gets: lens(x) = exp(−LENS_GAIN·closure²·((x − xp)/LENS_WIDTH_MM)²). */
const LENS_GAIN = 1.6;
const LENS_WIDTH_MM = 14;
/** How late in a closure the upper margin takes on the lower lid's dip. */
const CLOSING_POWER = 2.5;
/** How far ahead (in closure, per unit of fissure) the lateral lid runs mid-blink. */
const ZIPPER = 0.7;

/** Never solve the arches at the canthi, where they vanish. */
const SOLVE_T_MIN = 0.12;
const SOLVE_T_MAX = 0.88;

export function lidMargins(
  s: Pick<EyeSample, 'upperLidMm' | 'lowerLidMm'>,
  iris: { centerXMm: number; centerYMm: number },
): LidMargins {
  const xL = CANTHUS_LATERAL_MM.x;
  const xM = CANTHUS_MEDIAL_MM.x;
  const tp = Math.min(SOLVE_T_MAX, Math.max(SOLVE_T_MIN, fissureT(iris.centerXMm)));
  const xp = xL + tp * (xM - xL);
  const upperAtP = s.upperLidMm;
  const lowerAtP = Math.min(s.lowerLidMm, upperAtP);
  const gap = upperAtP - lowerAtP;
  const openness = gap / REST_APERTURE_MM;
  // Closure against the opening this gaze would have open (the lids ride with the pitch, §5).
  const pitchDeg = (Math.asin(Math.max(-1, Math.min(1, iris.centerYMm / GLOBE_RADIUS_MM))) * 180) / Math.PI;
  const closure = Math.min(1, Math.max(0, 1 - gap / openingMm(pitchDeg)));
  const lensK = (LENS_GAIN * closure * closure) / (LENS_WIDTH_MM * LENS_WIDTH_MM);
  const lens = (x: number): number => Math.exp(-lensK * (x - xp) * (x - xp));
  const upperDrape = drapeLiftMm(upperAtP - iris.centerYMm, openness, UPPER_DRAPE_MAX_MM);
  const lowerDrape = drapeLiftMm(lowerAtP - iris.centerYMm, openness, LOWER_DRAPE_MAX_MM);

  // The rise's footprint, tapered to nothing at the canthi so the margins still meet there.
  const rise = (x: number): number => drapeBump(x - xp) * canthalTaper(fissureT(x));
  const riseP = rise(xp);
  const line = canthalLineMm;
  // lower(xp) = line(xp) − a·La(tp) − lowerDrape·rise(xp) = lowerAtP
  const a = Math.max(0, (line(xp) - lowerDrape * riseP - lowerAtP) / lowerArch(tp));
  // How much of the lower lid's dip the upper margin has taken on: none open, all shut. Late in the
  // closure (closure^CLOSING_POWER), so the upper margin stays an arch until the lids are nearly
  // together; and never less than keeps U ≥ 0 (the margins never cross).
  const dipAtP = a * lowerArch(tp);
  const free = gap - (upperDrape + lowerDrape) * riseP;
  const wFloor = dipAtP > 1e-9 ? 1 - (0.8 * free) / dipAtP : 1;
  // The lid closes from the lateral end toward the nose (a blink sweeps medially, Doane 1980): along
  // the fissure the local closure runs ahead laterally and behind medially, equal at open and shut.
  const sweep = ZIPPER * 4 * closure * (1 - closure);
  const dipTaken = (t: number): number => Math.min(1, Math.max(0, closure + sweep * (tp - t))) ** CLOSING_POWER;
  const w = Math.min(1, Math.max(dipTaken(tp), wFloor));
  // Where the floor lifts w above the sweep at the pupil column, lift it alike everywhere.
  const wLift = w - dipTaken(tp);
  const wAt = (t: number): number => Math.min(1, dipTaken(t) + wLift);
  // upper(xp) = line(xp) + U·Ua(tp) − w·a·La(tp) + upperDrape·rise(xp) = upperAtP (lens(xp) = 1)
  const U = Math.max(0, (upperAtP - upperDrape * riseP - line(xp) + w * dipAtP) / upperArch(tp));

  return {
    xLateralMm: xL,
    xMedialMm: xM,
    pupilColumnMm: xp,
    upperDrapeMm: upperDrape,
    lowerDrapeMm: lowerDrape,
    openness,
    closure,
    upperMm: (x) => {
      const t = fissureT(x);
      return line(x) + U * upperArch(t) * lens(x) - wAt(t) * a * lowerArch(t) + upperDrape * rise(x);
    },
    lowerMm: (x) => line(x) - a * lowerArch(fissureT(x)) - lowerDrape * rise(x),
  };
}
function canthalTaper(t: number): number {
  const e = Math.min(t, 1 - t) / 0.2;
  if (e >= 1) return 1;
  if (e <= 0) return 0;
  return e * e * (3 - 2 * e);
}

let rest: LidMargins | null = null;

/**
 * The margins of the open eye looking straight ahead (the twin's rest sample, cornea rise included):
 * the pose the lid's skin is painted in, so an eye at rest needs no stretching at all.
 */
export function restLidMargins(): LidMargins {
  if (!rest) rest = lidMargins(restSample(), { centerXMm: 0, centerYMm: 0 });
  return rest;
}
