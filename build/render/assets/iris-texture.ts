import { IRIS_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { Layer } from './canvas.ts';
import { makeLayer, paintPixels } from './canvas.ts';
import { grain, smoothstep } from './noise.ts';
import { IRIS_POLAR_RHO_BINS, IRIS_POLAR_U_BINS, irisPolar } from './iris-polar.ts';

/**
 * The iris as drawn: the tissue (iris-polar.ts, grown once in (angle, ρ) space) wrapped around a pupil.
 *
 * ρ = 0 at the pupil margin, 1 at the limbus. A real iris's fibres stretch and bunch as the pupil
 * changes, so the tissue is wrapped for a ladder of pupil sizes (every 0.5 mm, lazily, each once, a
 * cheap lookup per pixel) and the two nearest are cross-faded at draw time. What belongs to the eye
 * rather than the tissue is added here in millimetres: the dark limbal ring, the darker pupil margin,
 * and the light the cornea focuses on the side away from the highlight. The texture is
 * viewport-independent (radius 256 px) and scaled when drawn.
 */
export const IRIS_TEX_RADIUS_PX = 256;
const PAD_PX = 24;
export const IRIS_TEX_SIZE_PX = 2 * (IRIS_TEX_RADIUS_PX + PAD_PX);
const LADDER_MIN_MM = 1.5;
const LADDER_STEP_MM = 0.5;
const LADDER_MAX_MM = 8.5;
const RUNGS = Math.round((LADDER_MAX_MM - LADDER_MIN_MM) / LADDER_STEP_MM) + 1;

const cache = new Map<number, Layer>();

function rung(i: number): Layer {
  let layer = cache.get(i);
  if (!layer) {
    layer = wrapIris(LADDER_MIN_MM + i * LADDER_STEP_MM);
    cache.set(i, layer);
  }
  return layer;
}

/** The two textures to cross-fade for a pupil diameter, and the weight of the second. */
export function irisTexturesFor(pupilMm: number): { a: HTMLCanvasElement; b: HTMLCanvasElement; weightB: number } {
  const x = (Math.min(LADDER_MAX_MM, Math.max(LADDER_MIN_MM, pupilMm)) - LADDER_MIN_MM) / LADDER_STEP_MM;
  const i = Math.min(Math.floor(x), RUNGS - 2);
  return { a: rung(i).canvas, b: rung(i + 1).canvas, weightB: x - i };
}

// The limbal ring darker and wider (was 34, 42, 44 from 0.78 R): in photographs a plain dark band.
const LIMBUS = [24, 28, 30];

function wrapIris(pupilDiaMm: number): Layer {
  const tissue = irisPolar();
  const layer = makeLayer(IRIS_TEX_SIZE_PX, IRIS_TEX_SIZE_PX);
  const c = IRIS_TEX_SIZE_PX / 2;
  const mmPerPx = IRIS_RADIUS_MM / IRIS_TEX_RADIUS_PX;
  const rp = pupilDiaMm / 2;
  const U = IRIS_POLAR_U_BINS;
  const P = IRIS_POLAR_RHO_BINS;
  // The light comes from the upper left; the cornea focuses it onto the lower right of the iris.
  const causticAngle = Math.atan2(0.7, 0.7);
  paintPixels(layer, (x, y, out) => {
    const dx = x - c;
    const dy = y - c;
    const r = Math.sqrt(dx * dx + dy * dy) * mmPerPx;
    if (r > IRIS_RADIUS_MM + 0.5) {
      out[3] = 0;
      return;
    }
    const rho = (r - rp) / (IRIS_RADIUS_MM - rp);
    if (rho < 0) {
      out[0] = 10;
      out[1] = 8;
      out[2] = 7;
      return;
    }
    const ang = Math.atan2(dy, dx);
    // Bilinear lookup in the polar tissue (angle wraps).
    const fu = (ang / (2 * Math.PI) + 0.5) * U;
    const fr = Math.min(P - 1.001, rho * (P - 1));
    const u0 = Math.floor(fu) % U;
    const u1 = (u0 + 1) % U;
    const r0 = Math.floor(fr);
    const tu = fu - Math.floor(fu);
    const tr = fr - r0;
    const i00 = (r0 * U + u0) * 3;
    const i01 = (r0 * U + u1) * 3;
    const i10 = ((r0 + 1) * U + u0) * 3;
    const i11 = ((r0 + 1) * U + u1) * 3;
    // The limbal ring: a dark band that deepens over the iris's outer fifth, with no line at its edge.
    const lim = smoothstep(0.74, 1.02, r / IRIS_RADIUS_MM);
    const caustic = Math.max(0, Math.cos(ang - causticAngle)) ** 2 * smoothstep(0.3, 0.85, rho) * (1 - lim);
    const k = (0.5 + 0.5 * smoothstep(0, 0.12, rho)) * (1 + 0.25 * caustic) * (1 + 0.04 * grain(x, y, 7));
    for (let ch = 0; ch < 3; ch++) {
      const a = tissue[i00 + ch] + (tissue[i01 + ch] - tissue[i00 + ch]) * tu;
      const b = tissue[i10 + ch] + (tissue[i11 + ch] - tissue[i10 + ch]) * tu;
      const v = (a + (b - a) * tr) * k;
      out[ch] = v + (LIMBUS[ch] - v) * 0.88 * lim;
    }
    // The cornea blurs the iris's edge into the sclera over a quarter millimetre, centred on the limbus
    // the mask draws (wider outward, the edge left the mask's geometry and a coarse era's blocks
    // stacked it into a straight column the picture test rightly failed).
    out[3] = 255 * (1 - smoothstep(IRIS_RADIUS_MM - 0.16, IRIS_RADIUS_MM + 0.1, r));
  });
  return layer;
}
