import { LID_SPHERE_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yMmOf, yPx } from '../geometry/eye-frame.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM, creaseMm } from '../geometry/crease.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, fissureT } from '../geometry/lid-shape.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { Layer } from './canvas.ts';
import { makeLayer, paintPixels } from './canvas.ts';
import { lidMicroRelief } from './lid-micro.ts';
import { Noise2D, grain, smoothstep, textureRandom } from './noise.ts';

/**
 * How far past the rest margin the lid's skin is painted (mm): a lid lifting in up-gaze shows skin
 * that lay below the rest margin (never past 40 % of the opening, where the lower lid's skin begins).
 */
export const BELOW_MARGIN_MM = 2.5;
/** The lowest the rest upper margin comes (at the canthi), mm. */
const LOWEST_REST_MARGIN_MM = Math.min(CANTHUS_LATERAL_MM.y, CANTHUS_MEDIAL_MM.y);

/**
 * The upper lid's own skin, painted where it lies at rest (from above the crease to past the rest
 * margin), onto the face's skin: the face-warp pass (layers/face-warp.ts) stretches it per pixel
 * column from the fixed crease down to the current margin, so closing the lid stretches the skin over
 * the globe instead of sliding a picture down. It fades in under the crease and blends into the face's
 * colour toward the canthi, and is lit as a cap of the 13 mm lid sphere (lidLight) with the light
 * from the upper left. The crease's fold is not in it: the warp shades it per frame.
 */
export interface LidSkinLayers {
  /** The skin, crease to past the rest margin (transparent elsewhere). */
  albedo: Layer;
  /**
   * The same skin with its fine crease lines faint (UNROLLED_CREASES): the skin a shut lid unrolls out of the fold
   * (face-warp-fold-skin.ts). Folds are where the open lid bends; stretched shut they flatten, and
   * read back and forth from the rest lid they turned into mirrored hooks, squiggles on a shut lid.
   */
  smooth: Layer;
}

// Light from the upper left and in front.
const LX = -0.36;
const LY = 0.48;
const LZ = 0.8;
const LN = Math.hypot(LX, LY, LZ);

/**
 * The light on the lid at (xMm, yMm) as a brightness factor: the lid lies on the 13 mm sphere, darker
 * where it turns from the light. Painted into the rest lid relative to its value at the crease (so the
 * lid meets the hood's skin without an outline); a stretched lid carries its rest lighting with it
 * (relighting it per pixel cost more than it showed).
 */
export function lidLight(xMm: number, yMm: number): number {
  const r = LID_SPHERE_RADIUS_MM;
  const d = Math.hypot(xMm, yMm);
  const q = Math.min(0.97, d / r) / Math.max(1e-6, d / r);
  const nx = (xMm / r) * q;
  const ny = (yMm / r) * q;
  const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
  const lambert = (nx * LX + ny * LY + nz * LZ) / LN;
  return lambert < 0.8 ? 1 - 0.55 * (0.8 - lambert) : 1 + 0.12 * (lambert - 0.8);
}

/**
 * How many fine crease lines run along the lid between the crease and the margin, on average: each
 * wanders by up to half its spacing and comes and goes along the lid (seven evenly spaced lines
 * running the lid's length read as parallel drawn strokes).
 */
const CREASE_LINES = 6;
/** The lid's sheen at its brightest, a share of white. */
const LID_GLOSS = 0.13;
const SHEEN_POWER = 8;
/** Where down the lid (0 crease … 1 margin) its sheen runs, and how wide: along the lid's roll over the globe. */
const SHEEN_AT_V = 0.66;
const SHEEN_WIDTH_V = 0.17;

/**
 * The lid's roundness over the globe as a brightness factor down it (v: 0 at the crease, 1 at the rest
 * margin): its top, below the fold (face-warp-fold.ts shades the fold itself), faces up into the light; toward the lashes it turns down and back
 * over the cornea, away from it. (Lit only as a cap of the 13 mm sphere, the lid was flat to within 9
 * levels from crease to lashes; a photograph's lid rises ~15 levels out of the fold and falls again.)
 */
export function lidRoundness(v: number): number {
  const top = (v - 0.3) / 0.2;
  return 1 + 0.06 * Math.exp(-top * top) - 0.11 * smoothstep(0.6, 1.08, v);
}

/** Blinn–Phong on the 13 mm lid sphere, light from the upper left, viewer in front (0 … 1). */
export function lidSheen(xMm: number, yMm: number): number {
  const r = LID_SPHERE_RADIUS_MM;
  const nx = Math.max(-0.97, Math.min(0.97, xMm / r));
  const ny = Math.max(-0.97, Math.min(0.97, yMm / r));
  const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
  const hx = LX / LN;
  const hy = LY / LN;
  const hz = LZ / LN + 1;
  const hn = Math.hypot(hx, hy, hz);
  return Math.pow(Math.max(0, (nx * hx + ny * hy + nz * hz) / hn), SHEEN_POWER);
}

/** How deep the crease lines are in the skin a shut lid unrolls from the fold (of the rest lid's). */
const UNROLLED_CREASES = 0.35;

/** @param face the face's skin layer: toward the canthi the lid's skin becomes exactly it. */
export function paintLidSkin(f: EyeFrame, face: Layer): LidSkinLayers {
  const facePx = face.ctx.getImageData(0, 0, f.widthPx, f.heightPx).data;
  return { albedo: paintLid(f, facePx, 1, true), smooth: paintLid(f, facePx, UNROLLED_CREASES, false) };
}

/**
 * @param creaseDepth the fine crease lines' depth (of the rest lid's); @param oilyPatches whether the
 * sheen is broken into oily patches. The skin a shut or lowered lid stretches two- to threefold down the
 * lid has an even sheen: its 0.5 mm patches stretched came out as a band of pale blocks like faint
 * lettering (twice on 2009's lowered lid: read back and forth in the fold's skin, and on the lid).
 */
function paintLid(f: EyeFrame, facePx: Uint8ClampedArray, creaseDepth: number, oilyPatches: boolean): Layer {
  const rng = textureRandom('lid');
  const wrinkle = new Noise2D(rng.spawn('wrinkle'), 64, 256);
  const blotch = new Noise2D(rng.spawn('blotch'), 40, 24);
  const creases = new Noise2D(rng.spawn('creases'), 64, 64);
  const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1)));
  const bottom = Math.min(f.heightPx, Math.ceil(yPx(f, LOWEST_REST_MARGIN_MM - BELOW_MARGIN_MM)));

  const albedo = makeLayer(f.widthPx, f.heightPx);
  paintPixels(albedo, (x, y, out) => {
    const xm = xMmOf(f, x);
    const ym = yMmOf(f, y);
    const t = fissureT(xm);
    if (y < top || y > bottom || t <= 0 || t >= 1) {
      out[3] = 0;
      return;
    }
    const crease = creaseMm(xm);
    const margin = restLidMargins().upperMm(xm);
    // Past the rest margin the skin runs on (never past 40 % of the opening), for a lid lifted above
    // its rest margin (up-gaze) to show; the warp leaves the opening transparent.
    const below = Math.min(BELOW_MARGIN_MM, 0.4 * (margin - restLidMargins().lowerMm(xm)));
    if (ym > crease + 1 || ym < margin - below) {
      out[3] = 0;
      return;
    }
    const ends = smoothstep(0, 0.12, t) * smoothstep(1, 0.88, t);
    const v = (crease - ym) / Math.max(0.5, crease - margin);
    // Fine, mostly horizontal wrinkles of thin lid skin, sampled a little rotated.
    const wr = wrinkle.at((xm * 0.996 + ym * 0.09) / 1.6 + 32, (ym * 0.996 - xm * 0.09) / 0.2 + 128);
    const b = blotch.at(xm / 1.2 + 20, ym / 1.2 + 12);
    // Lit where it lies on the lid sphere, relative to the crease, where the lid meets the face's
    // skin: the same skin on both sides of the fold, no outline round the lid.
    // Creases: fine lines running along the lid (it folds there each time it opens), each a dark
    // groove with its lit upper edge, wandering and coming and going along the lid.
    const q = v * CREASE_LINES + 0.8 * creases.at(xm / 2.2 + 32, 8) + 0.15 * wr;
    // Each line its own offset and depth, and broken into lengths of a few mm.
    const line = Math.round(q);
    const dq = q - line - 0.22 * grain(line, 0, 17);
    const lineAlong = Math.max(0, -0.1 + 1.1 * creases.at(xm / 0.9 + 7 + 5 * line, 40 + line * 3)) * (0.6 + 0.4 * grain(line, 1, 17));
    const inLid = creaseDepth * smoothstep(0.1, 0.3, v) * smoothstep(0.98, 0.86, v) * ends;
    const groove = inLid * lineAlong * Math.exp(-(dq * dq) / (0.05 * 0.05));
    const edge = inLid * lineAlong * Math.exp(-((dq + 0.11) * (dq + 0.11)) / (0.07 * 0.07));
    // Thin lid skin is glossier than the face's: a broad sheen where it faces the light's mirror direction.
    // A band along the lid's roll, brighter where the sphere faces the light's mirror direction, broken
    // by the creases and in oilier patches (a smooth stroke of white reads as paint).
    const sv = (v - SHEEN_AT_V) / SHEEN_WIDTH_V;
    const oily = oilyPatches ? 0.55 + 0.45 * blotch.at(xm / 0.5 + 7, ym / 0.5 + 3) : 0.55;
    const gloss = ym >= crease ? 0 : LID_GLOSS * (0.4 + 0.6 * lidSheen(xm, ym)) * Math.exp(-sv * sv) * oily * (1 - 0.8 * groove) * ends;
    const k =
      ym >= crease
        ? 1
        : (1 + 0.02 * wr + 0.025 * b + 0.01 * grain(x, y, 11) - 0.2 * groove + 0.08 * edge) * (lidLight(xm, ym) / lidLight(xm, crease)) * (1 + (lidRoundness(v) - 1) * ends) * lidMicroRelief(xm, ym);
    // Pinker toward the margin (thin skin over the tarsal vessels); toward the canthi the lid's
    // texture blends into the face's (opaque all the way: a shut lid must never show the globe).
    const pink = smoothstep(0.45, 1.1, v) * ends;
    const fi = (Math.floor(y) * f.widthPx + Math.floor(x)) * 4;
    const fr = facePx[fi];
    const fg = facePx[fi + 1];
    const fb = facePx[fi + 2];
    const lr = fr * k * (1 + 0.01 * pink) + 255 * gloss;
    const lg = fg * k * (1 - 0.06 * pink) + 250 * gloss;
    const lb = fb * k * (1 - 0.03 * pink) + 245 * gloss;
    const sr = fr + (lr - fr) * ends;
    const sg = fg + (lg - fg) * ends;
    const sb = fb + (lb - fb) * ends;
    // Opaque from just above the crease (the fold is painted into it), fading into the hood above.
    const skinAlpha = smoothstep(crease + 0.95, crease + 0.15, ym);
    out[0] = sr;
    out[1] = sg;
    out[2] = sb;
    out[3] = 255 * skinAlpha;
  });
  return albedo;
}
