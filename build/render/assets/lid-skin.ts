import { LID_SPHERE_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yMmOf, yPx } from '../geometry/eye-frame.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM, CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM, creaseMm } from '../geometry/crease.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, fissureT, restUpperMarginMm } from '../geometry/lid-shape.ts';
import type { Layer } from './canvas.ts';
import { makeLayer, paintPixels } from './canvas.ts';
import { traceCurveMm } from './mm-draw.ts';
import { Noise2D, grain, smoothstep, textureRandom } from './noise.ts';
import { paintPores } from './pores.ts';

/**
 * The upper lid's own skin, in three layers:
 * - `albedo`: the skin between the crease and the margin, painted where it lies at rest. Per frame it
 *   is stretched in vertical strips from the (fixed) crease down to the current margin, so closing the
 *   lid stretches the skin over the globe instead of sliding a picture down.
 * - `light`: the lid's shading as a surface on the 13 mm sphere, fixed on screen (the lid moves through
 *   the light, the light does not move with it), only where lid skin can be.
 * - `crease`: the fold and the hood's shadow under it.
 */
export interface LidSkinLayers {
  albedo: Layer;
  /** How far below the rest margin the albedo continues (mm), for the strips' overshoot. */
  belowMarginMm: number;
  light: Layer;
  crease: Layer;
}

const LID: [number, number, number] = [214, 162, 140];
const BELOW_MARGIN_MM = 3;
/** The lowest a shut lid reaches, mm: the lid's skin never needs painting below this. */
const LOWEST_MM = -7.5;

/** 0 outside the lid skin, 1 inside; soft at the crease and toward the canthi. */
function lidCoverage(xm: number, ym: number): number {
  const crease = creaseMm(xm);
  if (ym > crease + 0.6) return 0;
  const t = fissureT(xm);
  const ends = smoothstep(0, 0.07, t) * smoothstep(1, 0.93, t);
  return ends * smoothstep(crease + 0.6, crease - 0.3, ym);
}

export function paintLidSkin(f: EyeFrame): LidSkinLayers {
  const rng = textureRandom('lid');
  const wrinkle = new Noise2D(rng.spawn('wrinkle'), 64, 256);
  const blotch = new Noise2D(rng.spawn('blotch'), 40, 24);
  const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1)));
  const bottom = Math.min(f.heightPx, Math.ceil(yPx(f, LOWEST_MM)));
  const rows = (fn: (x: number, y: number, out: Float32Array) => void) => (x: number, y: number, out: Float32Array) => {
    if (y < top || y > bottom) out[3] = 0;
    else fn(x, y, out);
  };

  const albedo = makeLayer(f.widthPx, f.heightPx);
  paintPixels(
    albedo,
    rows((x, y, out) => {
      const xm = xMmOf(f, x);
      const ym = yMmOf(f, y);
      const crease = creaseMm(xm);
      const margin = restUpperMarginMm(xm);
      if (xm < CANTHUS_LATERAL_MM.x || xm > CANTHUS_MEDIAL_MM.x || ym > crease + 0.6 || ym < margin - BELOW_MARGIN_MM) {
        out[3] = 0;
        return;
      }
      const v = (crease - ym) / Math.max(0.5, crease - margin);
      // Fine, mostly horizontal wrinkles of thin lid skin, sampled a little rotated.
      const wr = wrinkle.at((xm * 0.97 + ym * 0.25) / 1.6 + 32, (ym * 0.97 - xm * 0.25) / 0.2 + 128);
      const b = blotch.at(xm / 1.2 + 20, ym / 1.2 + 12);
      const k = 1 + 0.03 * wr + 0.025 * b + 0.014 * grain(x, y, 11);
      // Pinker toward the margin (thin skin over the tarsal vessels).
      const pink = smoothstep(0.45, 1.1, v);
      out[0] = LID[0] * k * (1 - 0.01 * pink);
      out[1] = LID[1] * k * (1 - 0.07 * pink);
      out[2] = LID[2] * k * (1 - 0.04 * pink);
      const t = fissureT(xm);
      out[3] = 255 * smoothstep(crease + 0.6, crease - 0.3, ym) * smoothstep(0, 0.05, t) * smoothstep(1, 0.95, t);
    }),
  );
  const poreRng = rng.spawn('pores');
  albedo.ctx.globalCompositeOperation = 'source-atop';
  paintPores(albedo.ctx, f, poreRng, 2.5, 0.18);
  albedo.ctx.globalCompositeOperation = 'source-over';

  // Light from the upper left and in front; the lid is a cap of the 13 mm sphere.
  const lx = -0.36;
  const ly = 0.48;
  const lz = 0.8;
  const ln = Math.hypot(lx, ly, lz);
  const light = makeLayer(f.widthPx, f.heightPx);
  paintPixels(
    light,
    rows((x, y, out) => {
      const xm = xMmOf(f, x);
      const ym = yMmOf(f, y);
      const cover = lidCoverage(xm, ym);
      if (cover <= 0) {
        out[3] = 0;
        return;
      }
      const r = LID_SPHERE_RADIUS_MM;
      const d = Math.hypot(xm, ym);
      const q = Math.min(0.97, d / r) / Math.max(1e-6, d / r);
      const nx = (xm / r) * q;
      const ny = (ym / r) * q;
      const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
      const lambert = (nx * lx + ny * ly + nz * lz) / ln;
      if (lambert < 0.8) {
        out[0] = 92;
        out[1] = 46;
        out[2] = 36;
        out[3] = 255 * cover * Math.min(0.45, 0.75 * (0.8 - lambert));
      } else {
        out[0] = 255;
        out[1] = 234;
        out[2] = 218;
        out[3] = 255 * cover * Math.min(0.2, 1.2 * (lambert - 0.8));
      }
    }),
  );

  const crease = makeLayer(f.widthPx, f.heightPx);
  const c = crease.ctx;
  const mm = f.pxPerMm;
  c.lineCap = 'round';
  // The hood's shadow on the lid just under the fold, then the fold line itself.
  c.filter = `blur(${0.4 * mm}px)`;
  c.beginPath();
  traceCurveMm(c, f, creaseMm, CREASE_LATERAL_END_MM + 1.5, CREASE_MEDIAL_END_MM - 0.5, 60, true, -0.5);
  c.strokeStyle = 'rgba(100, 52, 42, 0.2)';
  c.lineWidth = 1.1 * mm;
  c.stroke();
  c.filter = `blur(${0.1 * mm}px)`;
  c.beginPath();
  traceCurveMm(c, f, creaseMm, CREASE_LATERAL_END_MM + 2.5, CREASE_MEDIAL_END_MM - 1, 60, true, -0.05);
  c.strokeStyle = 'rgba(96, 48, 40, 0.42)';
  c.lineWidth = 0.16 * mm;
  c.stroke();
  return { albedo, belowMarginMm: BELOW_MARGIN_MM, light, crease };
}
