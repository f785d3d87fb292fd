import { LID_SPHERE_RADIUS_MM } from '../../model/anatomy/rest.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xMmOf, yMmOf, yPx } from '../geometry/eye-frame.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM, CREASE_LATERAL_END_MM, CREASE_MEDIAL_END_MM, creaseMm } from '../geometry/crease.ts';
import { CANTHUS_LATERAL_MM, CANTHUS_MEDIAL_MM, fissureT } from '../geometry/lid-shape.ts';
import { restLidMargins } from '../geometry/lid-margins.ts';
import type { Layer } from './canvas.ts';
import { makeLayer, paintPixels } from './canvas.ts';
import { traceCurveMm } from './mm-draw.ts';
import { Noise2D, grain, smoothstep, textureRandom } from './noise.ts';
import { paintPores } from './pores.ts';
import { FACE_SKIN_RGB } from './skin.ts';
import { MARGIN_SHADE_DEPTH_MM } from './margin-shade.ts';

/** The lowest the rest upper margin comes (at the canthi), mm. */
const LOWEST_REST_MARGIN_MM = Math.min(CANTHUS_LATERAL_MM.y, CANTHUS_MEDIAL_MM.y);

/**
 * The upper lid's own skin, painted where it lies at rest, as one layer that the renderer stretches in
 * vertical strips from the (fixed) crease down to the current margin, so closing the lid stretches the
 * skin over the globe instead of sliding a picture down. It carries, in order from the crease:
 * - the skin (fading in under the crease, and out toward the canthi), lit as a cap of the 13 mm lid
 *   sphere with the light from the upper left;
 * - below the rest margin, the shade the lid and lashes throw on the globe (a dark ramp ~2.6 mm deep),
 *   so it rides under the margin wherever the margin goes.
 * Plus the crease fold and the hood's shadow under it, a separate layer that never moves.
 */
export interface LidSkinLayers {
  /** The skin, crease to rest margin (transparent below it). */
  albedo: Layer;
  /** The globe shade, below the rest margin (transparent above it). */
  shade: Layer;
  /** How far below the rest margin the layer reaches (mm): the globe shade's depth. */
  belowMarginMm: number;
  crease: Layer;
}

const LID: [number, number, number] = [210, 162, 144];
const SHADE: [number, number, number] = [44, 24, 20];
/** The face's skin, which the lid's colour blends into toward the canthi. */
const FACE = FACE_SKIN_RGB;

/** The globe shade under the margin (alpha by mm below it). */
function shadeAlpha(belowMm: number): number {
  const u = belowMm / MARGIN_SHADE_DEPTH_MM;
  if (u >= 1) return 0;
  return 0.5 * Math.pow(1 - u, 2.2);
}

export function paintLidSkin(f: EyeFrame): LidSkinLayers {
  const rng = textureRandom('lid');
  const wrinkle = new Noise2D(rng.spawn('wrinkle'), 64, 256);
  const blotch = new Noise2D(rng.spawn('blotch'), 40, 24);
  const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1)));
  const bottom = Math.min(f.heightPx, Math.ceil(yPx(f, LOWEST_REST_MARGIN_MM - MARGIN_SHADE_DEPTH_MM)));
  // Light from the upper left and in front.
  const lx = -0.36;
  const ly = 0.48;
  const lz = 0.8;
  const ln = Math.hypot(lx, ly, lz);
  const halfPxMm = 0.5 / f.pxPerMm;

  const albedo = makeLayer(f.widthPx, f.heightPx);
  const shadeLayer = makeLayer(f.widthPx, f.heightPx);
  const shadeImg = shadeLayer.ctx.createImageData(f.widthPx, f.heightPx);
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
    if (ym > crease + 0.6 || ym < margin - MARGIN_SHADE_DEPTH_MM) {
      out[3] = 0;
      return;
    }
    const ends = smoothstep(0, 0.12, t) * smoothstep(1, 0.88, t);
    // How much of this pixel is skin (above the margin), antialiased over one pixel.
    const skin = smoothstep(margin - halfPxMm, margin + halfPxMm, ym);
    const v = (crease - ym) / Math.max(0.5, crease - margin);
    // Fine, mostly horizontal wrinkles of thin lid skin, sampled a little rotated.
    const wr = wrinkle.at((xm * 0.996 + ym * 0.09) / 1.6 + 32, (ym * 0.996 - xm * 0.09) / 0.2 + 128);
    const b = blotch.at(xm / 1.2 + 20, ym / 1.2 + 12);
    let k = 1 + 0.03 * wr + 0.025 * b + 0.014 * grain(x, y, 11);
    // The lid as a cap of the 13 mm sphere: darker where it turns from the light.
    const r = LID_SPHERE_RADIUS_MM;
    const d = Math.hypot(xm, ym);
    const q = Math.min(0.97, d / r) / Math.max(1e-6, d / r);
    const nx = (xm / r) * q;
    const ny = (ym / r) * q;
    const nz = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
    const lambert = (nx * lx + ny * ly + nz * lz) / ln;
    k *= 1 + ends * (lambert < 0.8 ? -0.55 * (0.8 - lambert) : 0.12 * (lambert - 0.8));
    // Pinker toward the margin (thin skin over the tarsal vessels); toward the canthi the lid's colour
    // and light blend into the face's (opaque all the way: a shut lid must never show the globe).
    const pink = smoothstep(0.45, 1.1, v) * ends;
    const sr = (FACE[0] + (LID[0] - FACE[0]) * ends) * k * (1 - 0.01 * pink);
    const sg = (FACE[1] + (LID[1] - FACE[1]) * ends) * k * (1 - 0.07 * pink);
    const sb = (FACE[2] + (LID[2] - FACE[2]) * ends) * k * (1 - 0.04 * pink);
    const skinAlpha = smoothstep(crease + 0.6, crease - 0.3, ym);
    // The shade takes the rest of the margin's pixel: the two layers meet without a seam.
    const shade = shadeAlpha(Math.max(0, margin - ym)) * (1 - skin);
    const i = (Math.floor(y) * f.widthPx + Math.floor(x)) * 4;
    shadeImg.data[i] = SHADE[0];
    shadeImg.data[i + 1] = SHADE[1];
    shadeImg.data[i + 2] = SHADE[2];
    shadeImg.data[i + 3] = 255 * shade * ends;
    out[0] = sr;
    out[1] = sg;
    out[2] = sb;
    out[3] = 255 * skin * skinAlpha;
  });
  shadeLayer.ctx.putImageData(shadeImg, 0, 0);
  const poreRng = rng.spawn('pores');
  albedo.ctx.save();
  albedo.ctx.beginPath();
  traceCurveMm(albedo.ctx, f, creaseMm, CANTHUS_LATERAL_MM.x, CANTHUS_MEDIAL_MM.x, 60, true, 0.6);
  traceCurveMm(albedo.ctx, f, restLidMargins().upperMm, CANTHUS_MEDIAL_MM.x, CANTHUS_LATERAL_MM.x, 60, false, 0.05);
  albedo.ctx.closePath();
  albedo.ctx.clip();
  albedo.ctx.globalCompositeOperation = 'source-atop';
  paintPores(albedo.ctx, f, poreRng, 2.5, 0.18);
  albedo.ctx.restore();

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
  // The fold line fades out toward both ends, as a real crease does.
  c.filter = `blur(${0.1 * mm}px)`;
  c.lineWidth = 0.16 * mm;
  const x0 = CREASE_LATERAL_END_MM + 2.5;
  const x1 = CREASE_MEDIAL_END_MM - 1;
  const n = 24;
  for (let i = 0; i < n; i++) {
    const a = x0 + ((x1 - x0) * i) / n;
    const b = x0 + ((x1 - x0) * (i + 1)) / n;
    c.beginPath();
    traceCurveMm(c, f, creaseMm, a, b, 3, true, -0.05);
    c.strokeStyle = `rgba(96, 48, 40, ${0.42 * Math.sin((Math.PI * (i + 0.5)) / n) ** 0.7})`;
    c.stroke();
  }
  return { albedo, shade: shadeLayer, belowMarginMm: MARGIN_SHADE_DEPTH_MM, crease };
}
