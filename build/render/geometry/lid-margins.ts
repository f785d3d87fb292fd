import { REST_APERTURE_MM, restSample } from '../../model/anatomy/rest.ts';
import type { EyeSample } from '../../model/types.ts';
import { LOWER_DRAPE_MAX_MM, UPPER_DRAPE_MAX_MM, drapeBump, drapeLiftMm } from './lid-drape.ts';
import {
  CANTHUS_LATERAL_MM,
  CANTHUS_MEDIAL_MM,
  canthalLineMm,
  fissureT,
  lowerArch,
  openingProfileMm,
} from './lid-shape.ts';

/**
 * Both lid margins for one sample, as curves across the fissure (mm, +y up).
 *
 * The model gives each margin's height at the pupil's column; the curves are solved to pass through
 * exactly those heights there, so the drawn opening at that column is the model's aperture:
 *   lower(x) = canthal line − a·lowerArch − lowerDrape·bump(x − xp)
 *   upper(x) = canthal line − a·lowerArch + s·openingProfile + upperDrape·bump(x − xp)
 * with `a` and `s` ≥ 0 solved at xp. Building the upper margin on the lower one plus the (scaled)
 * rest opening keeps the margins from crossing and makes a shut lid meet the lower one all along.
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
  upperMm(xMm: number): number;
  lowerMm(xMm: number): number;
}

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
  const upperDrape = drapeLiftMm(upperAtP - iris.centerYMm, openness, UPPER_DRAPE_MAX_MM);
  const lowerDrape = drapeLiftMm(lowerAtP - iris.centerYMm, openness, LOWER_DRAPE_MAX_MM);

  // The rise's footprint, tapered to nothing at the canthi so the margins still meet there.
  const rise = (x: number): number => drapeBump(x - xp) * canthalTaper(fissureT(x));
  const riseP = rise(xp);
  // lower(xp) = line(xp) − a·arch(tp) − lowerDrape·rise(xp) = lowerAtP
  const a = (canthalLineMm(xp) - lowerDrape * riseP - lowerAtP) / lowerArch(tp);
  const lowerBare = (x: number): number => canthalLineMm(x) - a * lowerArch(fissureT(x));
  // upper(xp) = lowerBare(xp) + s·G(tp) + upperDrape·rise(xp) = upperAtP; s ≥ 0 as the rises ≪ gap.
  const sc = Math.max(0, (upperAtP - upperDrape * riseP - lowerBare(xp)) / openingProfileMm(tp));

  return {
    xLateralMm: xL,
    xMedialMm: xM,
    pupilColumnMm: xp,
    upperDrapeMm: upperDrape,
    lowerDrapeMm: lowerDrape,
    openness,
    upperMm: (x) => lowerBare(x) + sc * openingProfileMm(fissureT(x)) + upperDrape * rise(x),
    lowerMm: (x) => lowerBare(x) - lowerDrape * rise(x),
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
