import type { Random } from '../../model/random/random.ts';
import {
  BROW_TIP_OVER_EDGE_MM,
  BROW_U_MAX,
  BROW_U_MIN,
  browHairAngleRad,
  browLowerMm,
  browThicknessMm,
  browUpperMm,
  browXMm,
} from './brow-shape.ts';

/** One brow hair at rest, mm about the globe centre (+y up): a tapered quadratic curve, root to tip. */
export interface BrowHair {
  u: number;
  rootXMm: number;
  rootYMm: number;
  ctrlXMm: number;
  ctrlYMm: number;
  tipXMm: number;
  tipYMm: number;
  /** Width at the root (the hair tapers to nothing at its tip). */
  rootWidthMm: number;
  /** 0 the palest hair … 1 the darkest. */
  darkness: number;
  alpha: number;
}

/** Hairs in the whole brow: dense enough to read as a brow, sparse enough to read as hair. */
export const BROW_HAIR_COUNT = 1900;

/**
 * The brow's hair field (pure: the same hairs for the same Random). Roots fill the band, densest over
 * the body and thinning over the rounded head and the tail; each hair grows along the local direction
 * of browHairAngleRad (which turns continuously, so there is no seam), with its own length, darkness,
 * jitter and a slight bend that follows the flow. Longer on the body; finer, paler and fanned at the
 * head; thinner and shorter along the tail. Tips are trimmed to stay within BROW_TIP_OVER_EDGE_MM of the
 * band's upper edge (the frame's top must hold no hair at any lift).
 */
export function browHairs(rng: Random, count = BROW_HAIR_COUNT): BrowHair[] {
  const hairs: BrowHair[] = [];
  const maxThick = 3.3;
  while (hairs.length < count) {
    const u = rng.uniform(BROW_U_MIN, BROW_U_MAX);
    // Rejection by the band's height keeps the density per mm² even; the head's first few mm thin out.
    const thick = browThicknessMm(u);
    const sparse = u < 0.12 ? 0.2 + 0.8 * Math.max(0, (u - BROW_U_MIN) / (0.12 - BROW_U_MIN)) ** 1.5 : 1;
    if (rng.uniform(0, maxThick) > thick * sparse) continue;
    const v = rng.uniform(0, 1);
    const x = browXMm(u);
    const lower = browLowerMm(u);
    const y = lower + v * thick;
    const tail = Math.min(1, Math.max(0, u));
    const head = u < 0.15 ? 1 - Math.max(0, u) / 0.15 : 0;
    // The head's hairs fan out (each its own way); the body's and tail's lie closer to the flow.
    const ang = browHairAngleRad(u, v) + rng.normal() * (0.12 + 0.22 * head);
    let len = (2.1 - 0.5 * head - 0.5 * tail * tail) * (0.6 + 0.55 * rng.uniform(0, 1));
    // Bend: hairs curl a little further round the flow (toward the temple, then down).
    const bend = 0.12 + rng.uniform(-0.1, 0.12);
    let tipX = 0;
    let tipY = 0;
    const upper = browUpperMm(u) + BROW_TIP_OVER_EDGE_MM;
    for (let k = 0; k < 6; k++) {
      tipX = x + Math.cos(ang + bend) * len;
      tipY = y + Math.sin(ang + bend) * len;
      const ctrlY = y + Math.sin(ang) * len * 0.55;
      if (Math.max(tipY, ctrlY) <= upper) break;
      len *= 0.75;
    }
    if (Math.max(tipY, y + Math.sin(ang) * len * 0.55) > upper) continue;
    hairs.push({
      u,
      rootXMm: x,
      rootYMm: y,
      ctrlXMm: x + Math.cos(ang) * len * 0.55,
      ctrlYMm: y + Math.sin(ang) * len * 0.55,
      tipXMm: tipX,
      tipYMm: tipY,
      rootWidthMm: (0.095 - 0.035 * tail - 0.03 * head) * rng.uniform(0.8, 1.2),
      darkness: Math.min(1, Math.max(0, 0.6 + 0.25 * rng.normal() - 0.25 * tail - 0.5 * head)),
      alpha: rng.uniform(0.55, 0.95) * (1 - 0.3 * head),
    });
  }
  return hairs;
}

/** The highest point any hair reaches at rest, mm above the globe centre. */
export function browHairsTopMm(hairs: readonly BrowHair[]): number {
  let top = -Infinity;
  for (const h of hairs) top = Math.max(top, h.rootYMm, h.ctrlYMm, h.tipYMm);
  return top;
}
