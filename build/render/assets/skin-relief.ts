import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yMmOf } from '../geometry/eye-frame.ts';
import { creaseMm } from '../geometry/crease.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, fissureT, restLowerMarginMm, restUpperMarginMm } from '../geometry/lid-shape.ts';
import type { Random } from '../../model/random/random.ts';
import { Noise2D, grain, smoothstep } from './noise.ts';

/**
 * The skin's relief (mm of height, 0 = the smooth surface, − = into the skin), one value per pixel,
 * painted once per size: what a photograph of skin at 20–36 px/mm shows as texture, lit (reliefLight)
 * instead of stippled on.
 * - Pores: soft dimples ~0.1 mm across on a jittered 0.3 mm lattice (not every cell has one).
 * - Micro-relief: skin's furrows split it into little polygons of every shape, not a lattice: two
 *   networks of cell edges (jittered Voronoi cells ~0.45 mm and ~1.2 mm across, the finer shallower),
 *   each edge its own depth and some missing, each cell a soft dome between them (FurrowNet), the
 *   whole wandering and stronger in patches. (Two
 *   periodic families of straight furrows crossing at 60° read as a regular crosshatch, "leather":
 *   issue 18.) On the upper lid's thin skin it is fainter (lid-skin.ts draws its creases along it).
 * - Crow's feet: deeper lines fanning out from the lateral canthus toward the temple.
 * - Fine lines under the lower lid, following its curve.
 */
const PORE_CELL_MM = 0.3;
const PORE_SHARE = 0.65;
/**
 * One network of furrows (mm): its cells' size, the groove's half-width and depth along their edges,
 * and the soft dome each cell bulges in, its radius and height. Skin between its furrows is not flat:
 * each little plate is a rounded bump that catches the light on its top (the photographs' cheek is a
 * field of soft lit bumps); with flat plates and hairline grooves (0.032 mm, under a pixel at
 * 1280×720) it read as crazed glaze, a web of crisp embossed lines (issue 18).
 */
interface FurrowNet {
  cellMm: number;
  widthMm: number;
  depthMm: number;
  domeMm: number;
  domeDepthMm: number;
  /** The dome's mean over a cell: for nearest-point distances of density 1/cell², 1 / (1 + πR²/cell²). */
  domeMean: number;
}
const furrowNet = (n: Omit<FurrowNet, 'domeMean'>): FurrowNet => ({ ...n, domeMean: 1 / (1 + (Math.PI * n.domeMm * n.domeMm) / (n.cellMm * n.cellMm)) });
const FINE = furrowNet({ cellMm: 0.45, widthMm: 0.045, depthMm: 0.0045, domeMm: 0.16, domeDepthMm: 0.01 });
const COARSE = furrowNet({ cellMm: 1.2, widthMm: 0.065, depthMm: 0.005, domeMm: 0.45, domeDepthMm: 0.004 });
/**
 * How much fainter each network is on the upper lid's thin skin: the fine one a little (at 0.7 the
 * lid's own creases owned its texture), the coarse one nearly gone (its edges running down the lid
 * were jumps of over 3 levels column to column on a shut lid: lid-outline-picture.test.ts's seam).
 */
const UPPER_LID_FAINTER_FINE = 0.2;
const UPPER_LID_FAINTER_COARSE = 0.9;
/** Eyelid skin is the body's thinnest, its pores fine: lit as deep cavities as the cheek's, they were
 * jumps of over 3 levels column to column on a shut lid. */
const UPPER_LID_FAINTER_PORES = 0.8;
/** The share of cell edges with no furrow: broken lines, not a closed net. */
const MISSING_EDGE_SHARE = 0.3;

export function skinRelief(f: EyeFrame, rng: Random): Float32Array {
  const W = f.widthPx;
  const H = f.heightPx;
  const out = new Float32Array(W * H);
  const warp = new Noise2D(rng.spawn('warp'), 128, 96);
  const patch = new Noise2D(rng.spawn('patch'), 64, 48);
  const salt = rng.int(1, 1 << 20);
  const crow = crowsFeet(rng.spawn('crow'));
  const under = underEyeLines(rng.spawn('under'));
  const fineSalt = rng.int(1, 1 << 20);
  const coarseSalt = rng.int(1, 1 << 20);
  for (let y = 0; y < H; y++) {
    const ym = yMmOf(f, y + 0.5);
    for (let x = 0; x < W; x++) {
      const xm = xMmOf(f, x + 0.5);
      let h = 0;
      const lid = onUpperLid(xm, ym);
      // Pores: the nearest few lattice cells' dimples (fainter on the lid's thin skin).
      const poreDepth = 1 - UPPER_LID_FAINTER_PORES * lid;
      const gx = xm / PORE_CELL_MM;
      const gy = ym / PORE_CELL_MM;
      const ix = Math.floor(gx);
      const iy = Math.floor(gy);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const cx = ix + dx;
          const cy = iy + dy;
          const u = (grain(cx, cy, salt) + 1) / 2;
          if (u > PORE_SHARE) continue;
          const px = cx + 0.5 + 0.42 * grain(cx, cy, salt + 1);
          const py = cy + 0.5 + 0.42 * grain(cx, cy, salt + 2);
          const rMm = 0.04 + 0.03 * (grain(cx, cy, salt + 3) + 1) / 2;
          const d2 = ((gx - px) ** 2 + (gy - py) ** 2) * PORE_CELL_MM * PORE_CELL_MM;
          if (d2 > 9 * rMm * rMm) continue;
          h -= poreDepth * (0.004 + 0.006 * (u / PORE_SHARE)) * Math.exp(-d2 / (rMm * rMm));
        }
      }
      // Micro-relief: two networks of furrows, wandering, stronger in patches.
      const wx = 0.25 * warp.at(xm / 0.9 + 64, ym / 0.9 + 48);
      const wy = 0.25 * warp.at(ym / 0.9 + 17, xm / 0.9 + 31);
      // The upper lid's thin skin folds along the lid (lid-skin.ts draws its lines), the network faint
      // on it and no domes (stretched down a lowered lid they came out as pale blotches under the
      // crease: lid-outline-picture).
      const strength = Math.max(0.25, 0.6 + 0.6 * patch.at(xm / 2 + 32, ym / 2 + 24));
      h -= strength * (1 - UPPER_LID_FAINTER_FINE * lid) * furrow(xm + wx * FINE.cellMm, ym + wy * FINE.cellMm, FINE, fineSalt, 1 - lid);
      h -= strength * (1 - UPPER_LID_FAINTER_COARSE * lid) * furrow(xm + wx, ym + wy, COARSE, coarseSalt, 1 - lid);
      h -= crow(xm, ym) + under(xm, ym);
      out[y * W + x] = h;
    }
  }
  return out;
}

/**
 * Network `net`'s depth at (xm, ym) (mm, + down): a groove along the edges of jittered cells (on the
 * bisector of the two nearest cell points, each edge its own depth, some none) and each cell's dome
 * (× `domeShare`).
 */
function furrow(xm: number, ym: number, net: FurrowNet, salt: number, domeShare: number): number {
  const { cellMm, widthMm, depthMm, domeMm, domeDepthMm, domeMean } = net;
  const gx = xm / cellMm;
  const gy = ym / cellMm;
  const ix = Math.floor(gx);
  const iy = Math.floor(gy);
  let d1 = Infinity;
  let d2 = Infinity;
  let ax = 0;
  let ay = 0;
  let bx = 0;
  let by = 0;
  let id1 = 0;
  let id2 = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const cx = ix + dx;
      const cy = iy + dy;
      const px = cx + 0.5 + 0.45 * grain(cx, cy, salt);
      const py = cy + 0.5 + 0.45 * grain(cx, cy, salt + 1);
      const d = (gx - px) ** 2 + (gy - py) ** 2;
      const id = (cx & 0xffff) * 65536 + (cy & 0xffff);
      if (d < d1) {
        d2 = d1;
        bx = ax;
        by = ay;
        id2 = id1;
        d1 = d;
        ax = px;
        ay = py;
        id1 = id;
      } else if (d < d2) {
        d2 = d;
        bx = px;
        by = py;
        id2 = id;
      }
    }
  }
  // Distance to the bisector of the two nearest points (cells), in mm.
  const ex = bx - ax;
  const ey = by - ay;
  const el = Math.max(1e-6, Math.hypot(ex, ey));
  const e = (((ax + bx) / 2 - gx) * ex + ((ay + by) / 2 - gy) * ey) / el;
  const dMm = e * cellMm;
  // The edge's own depth, the same from both its cells.
  const u = (grain(Math.min(id1, id2), Math.max(id1, id2), salt + 2) + 1) / 2;
  const depth = u < MISSING_EDGE_SHARE ? 0 : 0.4 + (0.6 * (u - MISSING_EDGE_SHARE)) / (1 - MISSING_EDGE_SHARE);
  // The cell's dome: highest on its point, falling toward its rim. Less its mean over a cell
  // (FurrowNet.domeMean), so the domes shade the skin without darkening it (its grooves' cavities do:
  // reliefLight).
  const fromPointMm2 = d1 * cellMm * cellMm;
  const dome = 1 - Math.exp(-fromPointMm2 / (domeMm * domeMm)) - domeMean;
  // Each cell's own height, most of them low: domes all alike on the jittered lattice put its period
  // back into the texture's spectrum (skin-volume-picture's spike at the upper temple: 35× with every
  // dome alike, still 31× with heights of 0.35–1, where the furrows alone read 21×).
  const domeK = 0.2 + 0.8 * ((grain(id1, 7, salt + 3) + 1) / 2) ** 2;
  return depth * depthMm * Math.exp(-(dMm * dMm) / (widthMm * widthMm)) + domeDepthMm * domeK * dome * domeShare;
}

/** 1 on the upper lid's skin between the rest margin and the crease, fading over ~0.6 mm at its edges. */
export function onUpperLid(xm: number, ym: number): number {
  const t = fissureT(xm);
  if (t <= 0 || t >= 1) return 0;
  return smoothstep(restUpperMarginMm(xm) - 0.3, restUpperMarginMm(xm) + 0.3, ym) * smoothstep(creaseMm(xm) + 0.6, creaseMm(xm), ym) * smoothstep(0, 0.1, t) * smoothstep(1, 0.9, t);
}

/** Crow's feet: six to seven lines fanning out from beside the lateral canthus, each with its own bend and depth (mm). */
function crowsFeet(rng: Random): (xm: number, ym: number) => number {
  const cx = CANTHUS_LATERAL_MM.x + 0.8;
  const cy = CANTHUS_LATERAL_MM.y - 0.2;
  const lines = Array.from({ length: 7 }, (_, i) => ({
    angle: Math.PI + (-0.62 + i * 0.2 + rng.uniform(-0.05, 0.05)),
    bend: rng.uniform(-0.03, 0.03) + (i - 3) * 0.012,
    r0: rng.uniform(1.8, 3),
    r1: rng.uniform(4, 7),
    depth: rng.uniform(0.009, 0.018),
    widthMm: rng.uniform(0.07, 0.11),
  }));
  return (xm, ym) => {
    const dx = xm - cx;
    const dy = ym - cy;
    const r = Math.hypot(dx, dy);
    if (r < 1.5 || r > 9 || dx > 0) return 0;
    const phi = Math.atan2(dy, dx);
    let h = 0;
    for (const l of lines) {
      if (r < l.r0 - 0.5 || r > l.r1 + 1) continue;
      let dphi = phi - (l.angle + l.bend * r);
      dphi -= 2 * Math.PI * Math.round(dphi / (2 * Math.PI));
      const d = dphi * r;
      const w = l.widthMm * (1 + 0.12 * r);
      const along = smoothstep(l.r0 - 0.5, l.r0 + 0.8, r) * smoothstep(l.r1 + 1, l.r1 - 1.5, r);
      h += l.depth * along * Math.exp(-(d * d) / (w * w));
    }
    return h;
  };
}

/** Fine lines under the lower lid, along its curve, fading toward both ends (mm). */
function underEyeLines(rng: Random): (xm: number, ym: number) => number {
  const lines = Array.from({ length: 3 }, (_, i) => ({
    offset: -1.6 - i * 1.05 + rng.uniform(-0.15, 0.15),
    x0: CANTHUS_LATERAL_MM.x + rng.uniform(1.5, 4),
    x1: CANTHUS_MEDIAL_MM.x - rng.uniform(5, 9),
    phase: rng.uniform(0, 6),
    depth: rng.uniform(0.007, 0.012),
  }));
  return (xm, ym) => {
    let h = 0;
    for (const l of lines) {
      if (xm < l.x0 || xm > l.x1) continue;
      const yl = restLowerMarginMm(xm) + l.offset + 0.12 * Math.sin(xm * 0.6 + l.phase);
      const d = ym - yl;
      if (Math.abs(d) > 0.4) continue;
      const ends = smoothstep(l.x0, l.x0 + 3, xm) * smoothstep(l.x1, l.x1 - 3, xm);
      h += l.depth * ends * Math.exp(-(d * d) / (0.06 * 0.06));
    }
    return h;
  };
}

// Light from the upper left and in front (as lid-skin.ts lights the lid), +y up.
const LX = -0.36;
const LY = 0.48;
const LZ = 0.8;
const LN = Math.hypot(LX, LY, LZ);
// The half-way vector to a viewer straight in front.
const HX = LX / LN;
const HY = LY / LN;
const HZ = LZ / LN + 1;
const HN = Math.hypot(HX, HY, HZ);
const SHININESS = 30;
/**
 * How much a facet's tilt toward or from the light changes its brightness, and how much a groove's
 * depth darkens it (per mm): soft light in front, so grooves and pores read mostly as cavities, the
 * same whichever way they run (at 0.7 and 3 the facets facing the light lit every furrow across it
 * and left those along it unseen: the texture's direction was the light's).
 */
const RELIEF_SLOPE_LIGHT = 0.4;
const RELIEF_CAVITY_DARK = 6;
const FLAT_SPEC = Math.pow(HZ / HN, SHININESS);

/**
 * The relief at pixel (x, y) lit: a brightness factor (light on slopes facing the light, shade on
 * those turned away, a little darkening down in the grooves) and a specular glint (0 on flat skin,
 * up on facets turned toward the light's mirror direction: the tiny highlights on pore rims and
 * furrow edges). `pxPerMm` turns pixel steps into mm.
 */
export function reliefLight(relief: Float32Array, w: number, h: number, x: number, y: number, pxPerMm: number): { k: number; glint: number } {
  const i = y * w + x;
  const l = x > 0 ? relief[i - 1] : relief[i];
  const r = x < w - 1 ? relief[i + 1] : relief[i];
  const u = y > 0 ? relief[i - w] : relief[i];
  const d = y < h - 1 ? relief[i + w] : relief[i];
  // Slopes (mm per mm), +y up: the row above is up.
  const sx = ((r - l) * pxPerMm) / 2;
  const sy = ((u - d) * pxPerMm) / 2;
  const n = Math.hypot(sx, sy, 1);
  const nx = -sx / n;
  const ny = -sy / n;
  const nz = 1 / n;
  const lambert = (nx * LX + ny * LY + nz * LZ) / LN;
  const flat = LZ / LN;
  const spec = Math.pow(Math.max(0, (nx * HX + ny * HY + nz * HZ) / HN), SHININESS);
  return { k: 1 + RELIEF_SLOPE_LIGHT * (lambert - flat) + RELIEF_CAVITY_DARK * relief[i], glint: Math.max(0, spec - FLAT_SPEC) };
}
