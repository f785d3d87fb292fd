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

/** How far past the rest margin the lid's skin is painted (mm). */
export const BELOW_MARGIN_MM = 0.8;
/** The lowest the rest upper margin comes (at the canthi), mm. */
const LOWEST_REST_MARGIN_MM = Math.min(CANTHUS_LATERAL_MM.y, CANTHUS_MEDIAL_MM.y);

/**
 * The upper lid's own skin, painted where it lies at rest (crease to rest margin), which the renderer
 * stretches in vertical strips from the (fixed) crease down to the current margin, so closing the lid
 * stretches the skin over the globe instead of sliding a picture down. It fades in under the crease and
 * blends into the face's colour toward the canthi, and is lit as a cap of the 13 mm lid sphere with
 * the light from the upper left. Plus the crease fold and the hood's shadow under it, a separate layer
 * that never moves.
 */
export interface LidSkinLayers {
  /** The skin, crease to rest margin (transparent below it). */
  albedo: Layer;
  crease: Layer;
}

const LID: [number, number, number] = [210, 162, 144];


/** @param face the face's skin layer: toward the canthi the lid's skin becomes exactly it. */
export function paintLidSkin(f: EyeFrame, face: Layer): LidSkinLayers {
  const facePx = face.ctx.getImageData(0, 0, f.widthPx, f.heightPx).data;
  const rng = textureRandom('lid');
  const wrinkle = new Noise2D(rng.spawn('wrinkle'), 64, 256);
  const blotch = new Noise2D(rng.spawn('blotch'), 40, 24);
  const top = Math.max(0, Math.floor(yPx(f, CREASE_HEIGHT_AT_CENTRE_MM + 1)));
  const bottom = Math.min(f.heightPx, Math.ceil(yPx(f, LOWEST_REST_MARGIN_MM - BELOW_MARGIN_MM)));
  // Light from the upper left and in front.
  const lx = -0.36;
  const ly = 0.48;
  const lz = 0.8;
  const ln = Math.hypot(lx, ly, lz);

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
    // Past the rest margin the skin runs on a little (never past half the opening), so a stretched
    // strip always reaches the current margin; the opening is cut out of it afterwards.
    const below = Math.min(BELOW_MARGIN_MM, 0.45 * (margin - restLidMargins().lowerMm(xm)));
    if (ym > crease + 1 || ym < margin - below) {
      out[3] = 0;
      return;
    }
    const ends = smoothstep(0, 0.12, t) * smoothstep(1, 0.88, t);
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
    k *= lambert < 0.8 ? 1 - 0.55 * (0.8 - lambert) : 1 + 0.12 * (lambert - 0.8);
    // Pinker toward the margin (thin skin over the tarsal vessels); toward the canthi the lid's colour
    // and light blend into the face's (opaque all the way: a shut lid must never show the globe).
    const pink = smoothstep(0.45, 1.1, v) * ends;
    const fi = (Math.floor(y) * f.widthPx + Math.floor(x)) * 4;
    const lr = LID[0] * k * (1 - 0.01 * pink);
    const lg = LID[1] * k * (1 - 0.07 * pink);
    const lb = LID[2] * k * (1 - 0.04 * pink);
    const sr = facePx[fi] + (lr - facePx[fi]) * ends;
    const sg = facePx[fi + 1] + (lg - facePx[fi + 1]) * ends;
    const sb = facePx[fi + 2] + (lb - facePx[fi + 2]) * ends;
    // Opaque from just above the crease (the fold is painted into it), fading into the hood above.
    const skinAlpha = smoothstep(crease + 0.95, crease + 0.15, ym);
    out[0] = sr;
    out[1] = sg;
    out[2] = sb;
    out[3] = 255 * skinAlpha;
  });
  const poreRng = rng.spawn('pores');
  albedo.ctx.save();
  albedo.ctx.beginPath();
  traceCurveMm(albedo.ctx, f, creaseMm, CANTHUS_LATERAL_MM.x, CANTHUS_MEDIAL_MM.x, 60, true, 1);
  traceCurveMm(albedo.ctx, f, restLidMargins().upperMm, CANTHUS_MEDIAL_MM.x, CANTHUS_LATERAL_MM.x, 60, false, -BELOW_MARGIN_MM);
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
  c.lineWidth = 1.1 * mm;
  const sx0 = CREASE_LATERAL_END_MM + 1.5;
  const sx1 = CREASE_MEDIAL_END_MM - 0.5;
  for (let i = 0; i < 16; i++) {
    c.beginPath();
    traceCurveMm(c, f, creaseMm, sx0 + ((sx1 - sx0) * i) / 16, sx0 + ((sx1 - sx0) * (i + 1)) / 16, 4, true, -0.5);
    c.strokeStyle = `rgba(100, 52, 42, ${0.2 * Math.sin((Math.PI * (i + 0.5)) / 16) ** 0.8})`;
    c.stroke();
  }
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
  return { albedo, crease };
}
