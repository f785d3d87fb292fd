import { Noise2D, grain, smoothstep, textureRandom } from './noise.ts';

/**
 * The upper lid's micro-relief, as a brightness factor at a point of the lid's own skin (mm, the rest
 * frame; above the crease it is the skin that lies in the fold). A DSLR close-up of a lid at this
 * scale (a public dataset's sample, looked at, not kept) shows its thin skin cut into tiny diamonds by
 * fine furrows running two ways, short and broken, with pale glinting flecks between them: its
 * 0.1–0.3 mm luma texture (lid-outline-picture's lidSkinTexture) 2.2–2.35. Drawn smooth, ours read
 * 1.72 open and 1.14 / 1.02 lowered 20° / 30°: a plastic band over 2009's whole film.
 * - Furrows: value-noise zero lines in two frames turned ±32° from the lid's run, each stretched along
 *   its furrow (0.55 by 0.16 mm cells), so they wander and break; a 1.5 mm patch noise makes them
 *   stronger in places. Shallow (FURROW_DEPTH), so none is a dark line a crease's reading counts.
 * - Flecks: the pale plateaus between them, one per 0.12 mm cell (flecks).
 * Its mean is 1, so the lid keeps its light under the hood. It is painted with the skin (lid-skin.ts,
 * face-warp-fold-skin.ts), so it rides the lid as the lid stretches and unrolls.
 */
const FURROW_ALONG_MM = 0.55;
const FURROW_ACROSS_MM = 0.16;
const FURROW_TURN_RAD = 0.56;
/** The furrow's half-width in the noise's value (its zero line ± this). */
const FURROW_HALF = 0.11;
const FURROW_DEPTH = 0.04;
/** The pale flecks between the furrows (a share of the light at the brightest), one per cell, their radius a share of it. */
const FLECK = 0.11;
const FLECK_CELL_MM = 0.12;
/** Wider along the lid than down it: lid skin's relief runs along the lid, and a shut lid stretches it two- to threefold down (round flecks came out as streaks down it, a column's mean jumping 3.8 levels from the next: lid-outline-picture's seam). */
const FLECK_RADIUS_ALONG = 0.6;
const FLECK_RADIUS_DOWN = 0.18;
const PATCH_CELL_MM = 1.5;

const rng = textureRandom('lid-micro');
const familyA = new Noise2D(rng.spawn('a'), 256, 512);
const familyB = new Noise2D(rng.spawn('b'), 256, 512);
const patch = new Noise2D(rng.spawn('patch'), 64, 64);
const COS = Math.cos(FURROW_TURN_RAD);
const SIN = Math.sin(FURROW_TURN_RAD);

function furrow(n: Noise2D, xMm: number, yMm: number, sign: number): number {
  const along = xMm * COS + sign * yMm * SIN;
  const across = -sign * xMm * SIN + yMm * COS;
  const v = n.at(along / FURROW_ALONG_MM + 128, across / FURROW_ACROSS_MM + 256);
  return smoothstep(FURROW_HALF, 0, Math.abs(v));
}

function furrows(xMm: number, yMm: number): number {
  return Math.max(furrow(familyA, xMm, yMm, 1), furrow(familyB, xMm, yMm, -1));
}

/**
 * The pale flecks between the furrows: one per FLECK_CELL_MM cell at a jittered place, each its own
 * brightness, so they are as many in every millimetre (value noise's upper half, as many, came in
 * denser and sparser patches: 1-mm pale blotches in lid-outline-picture's reading; its lower half
 * read as 8-level dark pits, the squiggle reading's).
 */
function flecks(xMm: number, yMm: number): number {
  const u = xMm / FLECK_CELL_MM;
  const v = yMm / FLECK_CELL_MM;
  const i0 = Math.floor(u);
  const j0 = Math.floor(v);
  let best = 0;
  for (let j = j0 - 1; j <= j0 + 1; j++) {
    for (let i = i0 - 1; i <= i0 + 1; i++) {
      // Anywhere in its cell, its own size and brightness, a fifth of cells bare: a jittered grid
      // any tidier reads as a stipple of dashes.
      if (grain(i, j, 74) < -0.6) continue;
      const cx = i + 0.5 + 0.5 * grain(i, j, 71);
      const cy = j + 0.5 + 0.5 * grain(i, j, 72);
      const size = 0.9 + 0.4 * grain(i, j, 75);
      const d = Math.hypot((u - cx) / (FLECK_RADIUS_ALONG * size), (v - cy) / (FLECK_RADIUS_DOWN * size));
      if (d < 1) best = Math.max(best, (0.65 + 0.35 * grain(i, j, 73)) * (1 - d * d));
    }
  }
  return best;
}

/** The furrows' and flecks' means over a lid's worth of skin: the relief is lighter between the furrows by as much as they darken, so the lid's mean light stays (a darker lid under a paler hood reads as an arc: lid-outline-picture). */
const [MEAN_COVER, MEAN_FLECK] = (() => {
  let s = 0;
  let t = 0;
  let n = 0;
  for (let y = -6; y < 12; y += 0.037) for (let x = -14; x < 14; x += 0.41, n++) [s, t] = [s + furrows(x, y), t + flecks(x, y)];
  return [s / n, t / n];
})();

/** The lid's micro-relief at (xMm, yMm) of its skin: a factor on its light about 1, its mean 1. */
export function lidMicroRelief(xMm: number, yMm: number): number {
  const strength = 0.55 + 0.45 * patch.at(xMm / PATCH_CELL_MM + 32, yMm / PATCH_CELL_MM + 32);
  return 1 + FURROW_DEPTH * strength * (MEAN_COVER - furrows(xMm, yMm)) + FLECK * (flecks(xMm, yMm) - MEAN_FLECK);
}
