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
 * - Micro-relief: the fine criss-cross of furrows that splits skin into little rhombi, two families
 *   of shallow grooves ~0.35 mm apart, wandering, stronger in patches, crossing at ~60° and each
 *   turned 60° from the light's direction across the skin, so both catch it alike (one family lay
 *   along the light and did not show: the rhombi read as parallel strokes). On the upper lid's thin
 *   skin they are finer and fainter, but there too.
 * - Crow's feet: deeper lines fanning out from the lateral canthus toward the temple.
 * - Fine lines under the lower lid, following its curve.
 */
const PORE_CELL_MM = 0.3;
const PORE_SHARE = 0.65;
const FURROW_SPACING_MM = 0.36;
const FURROW_WIDTH_MM = 0.04;
const FURROW_DEPTH_MM = 0.005;

export function skinRelief(f: EyeFrame, rng: Random): Float32Array {
  const W = f.widthPx;
  const H = f.heightPx;
  const out = new Float32Array(W * H);
  const warp = new Noise2D(rng.spawn('warp'), 128, 96);
  const patch = new Noise2D(rng.spawn('patch'), 64, 48);
  const salt = rng.int(1, 1 << 20);
  const crow = crowsFeet(rng.spawn('crow'));
  const under = underEyeLines(rng.spawn('under'));
  // Each family's normal (across its grooves) 60° either side of the light's azimuth (LX, LY).
  const light = Math.atan2(LY, LX);
  const a1 = light - Math.PI / 3;
  const a2 = light + Math.PI / 3;
  const c1 = Math.cos(a1);
  const s1 = Math.sin(a1);
  const c2 = Math.cos(a2);
  const s2 = Math.sin(a2);
  for (let y = 0; y < H; y++) {
    const ym = yMmOf(f, y + 0.5);
    for (let x = 0; x < W; x++) {
      const xm = xMmOf(f, x + 0.5);
      let h = 0;
      // Pores: the nearest few lattice cells' dimples.
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
          h -= (0.004 + 0.006 * (u / PORE_SHARE)) * Math.exp(-d2 / (rMm * rMm));
        }
      }
      // Micro-relief: two wandering families of shallow furrows, stronger in patches.
      const wx = 0.6 * warp.at(xm / 0.9 + 64, ym / 0.9 + 48);
      const wy = 0.6 * warp.at(ym / 0.9 + 17, xm / 0.9 + 31);
      // The upper lid's thin skin folds along the lid (lid-skin.ts draws its lines), the criss-cross faint on it.
      const strength = Math.max(0.25, 0.6 + 0.6 * patch.at(xm / 2 + 32, ym / 2 + 24)) * (1 - 0.7 * onUpperLid(xm, ym));
      const f1 = (xm * c1 + ym * s1) / FURROW_SPACING_MM + wx;
      const f2 = (xm * c2 + ym * s2) / FURROW_SPACING_MM + wy;
      const d1 = (f1 - Math.round(f1)) * FURROW_SPACING_MM;
      const d2 = (f2 - Math.round(f2)) * FURROW_SPACING_MM;
      const ww = FURROW_WIDTH_MM * FURROW_WIDTH_MM;
      h -= FURROW_DEPTH_MM * strength * (Math.exp(-(d1 * d1) / ww) + Math.exp(-(d2 * d2) / ww));
      h -= crow(xm, ym) + under(xm, ym);
      out[y * W + x] = h;
    }
  }
  return out;
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
  return { k: 1 + 0.7 * (lambert - flat) + 3 * relief[i], glint: Math.max(0, spec - FLAT_SPEC) };
}
