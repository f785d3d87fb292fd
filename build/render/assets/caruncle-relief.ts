import { CARUNCLE_MM } from '../geometry/caruncle-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { makeLayer } from './canvas.ts';
import { Noise2D, textureRandom } from './noise.ts';

/**
 * The caruncle's mound as tissue, shaded from a height field rather than painted as a dome with dots:
 * a low swell (its outline, geometry/caruncle-shape.ts, roughened by a coarse noise so it is no
 * ellipse) built of lobules at three scales (a dozen 0.35–0.6 mm lumps, medium 0.15–0.3 mm ones and
 * clusters of small 0.06–0.14 mm ones where a noise lets them gather), so the surface is lumpy and
 * uneven rather than a regular froth of equal bubbles. Lit from the upper left (the face's light)
 * with light wrapped round (the tissue is translucent: its far side stays red, never goes dark, or the
 * mound's rim reads as a drawn outline). Its wet film reflects the light only in a few places, on the
 * crests of the larger lumps where a noise says the film is thick: a handful of irregular glints of
 * different sizes, fixed to the tissue (this is painted into the globe's fixed shade layer; it does
 * not turn with the eye). Its colour is not one pink: pale, yellowish sebaceous lobules among redder
 * crevices. Its rim fades into the lacrimal lake over a wide band, widest laterally where the mound
 * dips under the plica. Painted once per size, pixel by pixel over its ~3.5 × 4.3 mm box.
 */
const RIM_MM = 0.45;
/** The lobules at each scale: how many, their radius range (mm). */
const LOBE_SCALES = [
  { count: 12, rMin: 0.35, rMax: 0.6, q: 0.8 },
  { count: 90, rMin: 0.15, rMax: 0.3, q: 1 },
  { count: 320, rMin: 0.05, rMax: 0.15, q: 1.05 },
] as const;
/** The light: from the upper left and in front (x right, y down, z toward the viewer). */
const LIGHT = normalize([-0.38, -0.55, 0.74]);
const HALF = normalize([LIGHT[0], LIGHT[1], LIGHT[2] + 1]);
/** How far the diffuse light wraps past the terminator (translucent tissue). */
const WRAP = 0.15;

export function paintCaruncleRelief(ctx: CanvasRenderingContext2D, f: EyeFrame): void {
  const mm = f.pxPerMm;
  const C = CARUNCLE_MM;
  const reachMm = Math.max(C.rx, C.ry) * 1.15 + RIM_MM;
  const size = Math.ceil(2 * reachMm * mm) + 2;
  const ox = Math.round(xPx(f, C.x) - size / 2);
  const oy = Math.round(yPx(f, C.y) - size / 2);
  const cxPx = xPx(f, C.x) - ox;
  const cyPx = yPx(f, C.y) - oy;
  const rng = textureRandom('caruncle-relief');
  const coarse = new Noise2D(rng.spawn('coarse'), 64, 64);
  const fine = new Noise2D(rng.spawn('fine'), 256, 256);
  const gather = new Noise2D(rng.spawn('gather'), 64, 64);
  const film = new Noise2D(rng.spawn('film'), 64, 64);
  const cos = Math.cos(C.rotationRad);
  const sin = Math.sin(C.rotationRad);
  // The lobules: round bulges at scattered points of the mound (mm about its centre), some of them
  // sebaceous (paler, yellower); the small ones only where `gather` lets them cluster.
  const lobes: { x: number; y: number; r: number; h: number; gland: number }[] = [];
  for (const sc of LOBE_SCALES) {
    for (let k = 0; k < sc.count; k++) {
      const a = rng.uniform(0, Math.PI * 2);
      const q = Math.sqrt(rng.next()) * sc.q;
      const u = Math.cos(a) * q * C.rx;
      const v = Math.sin(a) * q * C.ry;
      const x = u * cos - v * sin;
      const y = u * sin + v * cos;
      if (sc.rMax < 0.2 && gather.at(x / 0.7 + 5, y / 0.7 + 5) < -0.6) continue;
      const r = rng.uniform(sc.rMin, sc.rMax) * (1 - 0.3 * q * q);
      lobes.push({ x, y, r, h: r * (sc.rMax < 0.2 ? rng.uniform(0.35, 0.7) : rng.uniform(0.25, 0.5)), gland: rng.chance(0.3) ? rng.uniform(0.5, 1) : 0 });
    }
  }
  // Height (mm), coverage, crevice depth, gland share and film (where it may glint) per pixel; the
  // mound's own frame is (u, v).
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
      // The outline roughened (±15 %), so the mound's edge wanders like a lumpy body's.
      const r = Math.hypot(u, v) * (1 + 0.15 * coarse.at(dx / 0.9 + 40, dy / 0.9 + 40));
      const i = py * size + px;
      // The rim: a wide fade, widest on the lateral side (u < 0), where the mound dips under the plica.
      const rimU = u < 0 ? 0.5 : 0.38;
      cover[i] = 1 - smoothstep(1 - rimU, 1 + RIM_MM / Math.max(C.rx, C.ry), r);
      if (cover[i] <= 0) continue;
      let bulge = 0;
      let top = 0;
      let gland = 0;
      for (const l of lobes) {
        const q = ((dx - l.x) ** 2 + (dy - l.y) ** 2) / (l.r * l.r);
        if (q >= 1) continue;
        const b = l.h * (1 - q) * (1 - q);
        bulge = Math.max(bulge, b) + 0.3 * Math.min(bulge, b);
        if (b > top) [top, gland] = [b, l.gland * (1 - q)];
      }
      // A low swell, flat-shouldered (no steep flank at the rim to shade into an outline).
      const dome = 0.4 * (1 - smoothstep(0, 1.05, r));
      height[i] = dome + bulge + 0.004 * fine.at(dx / 0.08 + 90, dy / 0.08 + 90) + 0.05 * coarse.at(dx / 0.45 + 20, dy / 0.45 + 20);
      crevice[i] = smoothstep(0.03, 0, bulge);
      glandAt[i] = gland;
    }
  }
  const glint = glintField(lobes, size, cxPx, cyPx, mm, rng.spawn('glints'));
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
      const diffuse = Math.max(0, (dot(nrm, LIGHT) + WRAP) / (1 + WRAP));
      // The wet film: a broad soft sheen on the flanks facing the half-vector (moist, not glinting).
      const sheen = 0.22 * Math.max(0, dot(nrm, HALF)) ** 12;
      // Albedo: a flesh pink, redder in the crevices, cream over the sebaceous lobules, and a slow
      // wander between pinker and paler patches.
      const g = glandAt[i];
      const c = crevice[i];
      const patch = 6 * coarse.at(px / mm / 0.7 + 3, py / mm / 0.7 + 3);
      let r = 210 + 16 * g - 34 * c + patch;
      let gr = 134 + 34 * g - 50 * c + 1.6 * patch;
      let b = 128 + 18 * g - 38 * c + 1.2 * patch;
      // Shadowed sides stay red (light scattered back out of the tissue), so red dims least.
      r *= 0.74 + 0.32 * diffuse;
      gr *= 0.58 + 0.5 * diffuse;
      b *= 0.6 + 0.48 * diffuse;
      const s = Math.min(1, sheen + glint[i]);
      d[4 * i] = Math.min(255, r + (255 - r) * s);
      d[4 * i + 1] = Math.min(255, gr + (255 - gr) * s);
      d[4 * i + 2] = Math.min(255, b + (255 - b) * s);
      d[4 * i + 3] = Math.round(255 * Math.min(1, Math.max(cover[i] * 0.96, cover[i] * glint[i])));
    }
  }
  layer.ctx.putImageData(img, 0, 0);
  ctx.drawImage(layer.canvas, ox, oy);
}

/**
 * The glints: on the lit upper-left flank of some of the lumps 0.13 mm or larger (where the film
 * happens to pool; fewer on the top of the mound, which lies in the upper lid's shade), away from the rim, a small reflection of the light, each its own size
 * (0.035–0.11 mm, most small), brightness, squash, tilt and bend. Per pixel of the relief's box, 0 … 1.
 */
function glintField(
  lobes: readonly { x: number; y: number; r: number }[],
  size: number,
  cxPx: number,
  cyPx: number,
  mm: number,
  rng: ReturnType<typeof textureRandom>,
): Float32Array {
  const out = new Float32Array(size * size);
  const C = CARUNCLE_MM;
  // Where a lobe's normal faces the half-vector: up and left of its centre.
  const toward = normalize([HALF[0], HALF[1], 0]);
  for (const l of lobes) {
    if (l.r < 0.13 || Math.hypot(l.x / C.rx, l.y / C.ry) > 0.8 || !rng.chance(l.y > -0.25 * C.ry ? 0.5 : 0.1)) continue;
    // Sizes log-uniform (most small, a few larger), each a streak bent by a second, smaller blob.
    const r = 0.035 * Math.exp(rng.next() * Math.log(0.11 / 0.035)) * mm;
    const peak = rng.uniform(0.92, 1);
    const squash = rng.uniform(0.3, 0.8);
    const tilt = rng.uniform(0, Math.PI);
    const gx = cxPx + (l.x + toward[0] * 0.45 * l.r) * mm;
    const gy = cyPx + (l.y + toward[1] * 0.45 * l.r) * mm;
    const side = rng.uniform(-1, 1);
    const blobs = [
      { x: gx, y: gy, r, tilt },
      { x: gx + 0.7 * r * Math.cos(tilt), y: gy + 0.7 * r * Math.sin(tilt) + side * 0.4 * r, r: rng.uniform(0.4, 0.7) * r, tilt: tilt + side },
    ];
    for (const g of blobs) {
      const c = Math.cos(g.tilt);
      const s = Math.sin(g.tilt);
      const reach = Math.ceil(g.r + 1.5);
      for (let py = Math.max(0, Math.floor(g.y - reach)); py < Math.min(size, g.y + reach); py++) {
        for (let px = Math.max(0, Math.floor(g.x - reach)); px < Math.min(size, g.x + reach); px++) {
          const dx = px + 0.5 - g.x;
          const dy = py + 0.5 - g.y;
          const a = (dx * c + dy * s) / g.r;
          const b = (-dx * s + dy * c) / (squash * g.r);
          const i = py * size + px;
          out[i] = Math.max(out[i], peak * (1 - smoothstep(0.6, 1.25, Math.hypot(a, b))));
        }
      }
    }
  }
  return out;
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
