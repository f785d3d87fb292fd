import { CARUNCLE_MM } from '../geometry/caruncle-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { makeLayer } from './canvas.ts';
import { Noise2D, textureRandom } from './noise.ts';

/**
 * The caruncle's mound as tissue, shaded from a height field rather than painted as a dome with dots:
 * a low swell (its outline, geometry/caruncle-shape.ts) covered in lobules ~0.1–0.3 mm across (two
 * octaves of noise plus a coarser 0.5 mm undulation), lit from the upper left (the face's light), with
 * a wet film's specular reflection: where a lobule's crest faces the half-vector, a hard small glint,
 * so the glints sit on the bumps of the tissue and never on the globe (this is painted into the
 * globe's fixed shade layer; it does not turn with the eye). Its colour is not one pink: pale, yellowish
 * sebaceous lobules among redder crevices. Its rim fades into the lacrimal lake, most softly on the
 * lateral side where the mound dips under the plica (a hard rim read as a cut disc). Painted once per
 * size, pixel by pixel over its ~3 × 4 mm box.
 */
const RIM_MM = 0.4;
const LOBULES = 300;
/** The light: from the upper left and in front (x right, y down, z toward the viewer). */
const LIGHT = normalize([-0.38, -0.55, 0.74]);
const HALF = normalize([LIGHT[0], LIGHT[1], LIGHT[2] + 1]);

export function paintCaruncleRelief(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  const C = CARUNCLE_MM;
  const reachMm = Math.max(C.rx, C.ry) + RIM_MM;
  const size = Math.ceil(2 * reachMm * mm) + 2;
  const ox = Math.round(xPx(f, C.x) - size / 2);
  const oy = Math.round(yPx(f, C.y) - size / 2);
  const cxPx = xPx(f, C.x) - ox;
  const cyPx = yPx(f, C.y) - oy;
  const rng = textureRandom('caruncle-relief');
  const coarse = new Noise2D(rng.spawn('coarse'), 64, 64);
  const fine = new Noise2D(rng.spawn('fine'), 256, 256);
  const cos = Math.cos(C.rotationRad);
  const sin = Math.sin(C.rotationRad);
  // The lobules: round bulges at scattered points of the mound (mm about its centre), some of them
  // sebaceous (paler, yellower). Smaller toward the rim.
  const lobes: { x: number; y: number; r: number; h: number; gland: number }[] = [];
  for (let k = 0; k < LOBULES; k++) {
    const a = rng.uniform(0, Math.PI * 2);
    const q = Math.sqrt(rng.next()) * 1.05;
    const u = Math.cos(a) * q * C.rx;
    const v = Math.sin(a) * q * C.ry;
    const r = rng.uniform(0.12, 0.28) * (1 - 0.35 * q * q);
    lobes.push({ x: u * cos - v * sin, y: u * sin + v * cos, r, h: r * rng.uniform(0.26, 0.44), gland: rng.chance(0.3) ? rng.uniform(0.5, 1) : 0 });
  }
  // Height (mm), coverage, crevice depth and gland share per pixel; the mound's own frame is (u, v).
  const height = new Float32Array(size * size);
  const cover = new Float32Array(size * size);
  const crevice = new Float32Array(size * size);
  const glandAt = new Float32Array(size * size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const dx = (px + 0.5 - cxPx) / mm;
      const dy = (py + 0.5 - cyPx) / mm;
      const u = (dx * cos + dy * sin) / C.rx;
      const v = (-dx * sin + dy * cos) / C.ry;
      const r = Math.hypot(u, v);
      const i = py * size + px;
      // The rim: the lateral side (u < 0) fades over a wider band.
      const rimU = u < 0 ? 0.32 : 0.2;
      cover[i] = 1 - smoothstep(1 - rimU, 1 + RIM_MM / Math.max(C.rx, C.ry), r);
      if (cover[i] <= 0) continue;
      let bulge = 0;
      let top = 0;
      let gland = 0;
      for (const l of lobes) {
        const q = ((dx - l.x) ** 2 + (dy - l.y) ** 2) / (l.r * l.r);
        if (q >= 1) continue;
        const b = l.h * (1 - q) * (1 - q);
        bulge = Math.max(bulge, b) + 0.25 * Math.min(bulge, b);
        if (b > top) [top, gland] = [b, l.gland];
      }
      const dome = 0.55 * Math.max(0, 1 - r * r) ** 1.5;
      height[i] = dome + bulge + 0.004 * fine.at(dx / 0.08 + 90, dy / 0.08 + 90) + 0.03 * coarse.at(dx / 0.5 + 20, dy / 0.5 + 20);
      crevice[i] = smoothstep(0.03, 0, bulge);
      glandAt[i] = gland * smoothstep(0, 0.02, top);
    }
  }
  const layer = makeLayer(size, size);
  const img = layer.ctx.createImageData(size, size);
  const d = img.data;
  const step = 1 / mm;
  for (let py = 1; py < size - 1; py++) {
    for (let px = 1; px < size - 1; px++) {
      const i = py * size + px;
      if (cover[i] <= 0) continue;
      const gx = (height[i + 1] - height[i - 1]) / (2 * step);
      const gy = (height[i + size] - height[i - size]) / (2 * step);
      const nrm = normalize([-gx, -gy, 1]);
      const diffuse = Math.max(0, dot(nrm, LIGHT));
      const spec = Math.max(0, dot(nrm, HALF)) ** 140;
      // Albedo: a flesh pink, redder in the crevices, cream over the sebaceous lobules.
      const g = glandAt[i];
      const c = crevice[i];
      let r = 214 + 12 * g - 22 * c;
      let gr = 144 + 24 * g - 30 * c;
      let b = 136 + 12 * g - 24 * c;
      // Shadowed sides stay red (light scattered back out of the tissue), so red dims least.
      r *= 0.74 + 0.32 * diffuse;
      gr *= 0.58 + 0.5 * diffuse;
      b *= 0.6 + 0.48 * diffuse;
      // The wet film's glint: hard, near white, only at the crests that face the half-vector.
      const s = Math.min(1, 3.5 * Math.max(0, spec - 0.25));
      d[4 * i] = Math.min(255, r + (255 - r) * s);
      d[4 * i + 1] = Math.min(255, gr + (255 - gr) * s);
      d[4 * i + 2] = Math.min(255, b + (255 - b) * s);
      d[4 * i + 3] = Math.round(255 * Math.min(1, cover[i] * 0.96 + 0.04 * s));
    }
  }
  layer.ctx.putImageData(img, 0, 0);
  ctx.drawImage(layer.canvas, ox, oy);
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function normalize(a: readonly number[]): [number, number, number] {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
}
