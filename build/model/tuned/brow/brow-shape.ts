import type { AuLevels } from '../muscles/muscles.ts';

/** Nodes of the brow chain, head (inner, by the nose) to tail (outer, by the temple). */
export const BROW_NODES = 5;

/** Looking up lifts the brow (frontalis helps the lid up), mm per rig unit up; looking down lowers it a little. */
const UP_MM_PER_UNIT = 2.2;
const DOWN_MM_PER_UNIT = 0.6;
/** How far the shape tilts toward the leading end for a full sideways look (our choices). */
const UP_TILT = 0.4;
const DOWN_TEMPLE_TILT = 0.8;

/**
 * The brow's shape for a raw rig gaze (before pitch shaping), node lifts head → tail in mm (eye.md §7:
 * up-nose, the inner brow leads; up-temple, the outer; down-temple, the tail falls most). The drawn eye
 * is a right eye, its nose on the viewer's right, so +rigX looks toward the nose. Each tilt is linear
 * along the chain about its middle, so the chain's mean is the plain lift (2.2 mm per unit up, 0.6 down),
 * what the brow's mean lift was before it had a shape. Writes into `out`.
 */
export function gazeBrowShapeMm(rigX: number, rigY: number, out: Float64Array): Float64Array {
  const lift = rigY > 0 ? UP_MM_PER_UNIT * rigY : DOWN_MM_PER_UNIT * rigY;
  const nose = rigX > 1 ? 1 : rigX < -1 ? -1 : rigX;
  for (let i = 0; i < BROW_NODES; i++) {
    const along = (2 * i) / (BROW_NODES - 1) - 1; // −1 head … +1 tail
    const w = lift > 0 ? 1 - UP_TILT * nose * along : 1 + DOWN_TEMPLE_TILT * Math.max(0, -nose) * along;
    out[i] = lift * w;
  }
  return out;
}

/**
 * What each brow muscle does to each node at full activation, mm head → tail (our choices, after the
 * FACS descriptions): AU1 raises the inner brow, AU2 the outer, AU4 lowers and knits it (most at the
 * head), AU6 (orbicularis, the smiling eyes) pulls the tail down a little. AU1 and AU2 together at
 * 0.5 lift the chain's mean ~1.1 mm (2013's selfie face, as the first-cut brow's 1.2 mm).
 */
export const AU_NODE_MM = {
  AU1: [2.0, 1.7, 1.1, 0.6, 0.25],
  AU2: [0.25, 0.6, 1.2, 1.7, 2.0],
  AU4: [-1.6, -1.4, -0.9, -0.5, -0.2],
  AU6: [0, -0.05, -0.15, -0.3, -0.45],
} as const;

/** The brow muscles' lift at each node, mm, written into `out`. */
export function muscleBrowMm(a: AuLevels, out: Float64Array): Float64Array {
  for (let i = 0; i < BROW_NODES; i++) out[i] = a.AU1 * AU_NODE_MM.AU1[i] + a.AU2 * AU_NODE_MM.AU2[i] + a.AU4 * AU_NODE_MM.AU4[i] + a.AU6 * AU_NODE_MM.AU6[i];
  return out;
}
