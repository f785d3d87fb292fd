import { CARUNCLE_MM } from '../geometry/caruncle-shape.ts';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import { xPx, yPx } from '../geometry/eye-frame.ts';
import { makeLayer } from './canvas.ts';
import { Noise2D, smoothstep, textureRandom } from './noise.ts';

/**
 * The caruncle's mound as tissue, shaded from a height field rather than painted as a dome with dots:
 * a low swell (its outline, geometry/caruncle-shape.ts, roughened by a coarse noise so it is no
 * ellipse) built of lobules at three scales (a dozen 0.35–0.6 mm lumps, medium 0.15–0.3 mm ones and
 * clusters of small 0.06–0.14 mm ones where a noise lets them gather), kept low (LOBE_RELIEF): in a
 * photograph at this scale the caruncle is smooth wet flesh whose lumps show as soft swells and
 * mottling, and at full relief, pale lobules over dark crevices, it read as a raspberry. Lit from the
 * upper left (the face's light) with light wrapped round (the tissue is translucent: its far side stays
 * red, never goes dark, or the mound's rim reads as a drawn outline). Its wet film mirrors the light in
 * only a few places: three or four small bright highlights, each the light's reflection in one large
 * lump's smooth surface, so placed by it (a sprinkle of ~25 tiny specks read as sugar; a soft spread
 * round each, as pearls), fixed to the tissue (this is painted into the globe's fixed shade layer; it
 * does not turn with the eye). Its colour is not one pink: a little paler over the sebaceous lobules,
 * redder in the crevices, mottled by the capillaries under the surface. Its rim fades into the lacrimal
 * lake over a wide band, widest laterally where the mound dips under the plica. Painted once per size,
 * pixel by pixel over its ~3.5 × 4.3 mm box.
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
/** How many large lumps carry a wet highlight, and how tight it is (the reflection's power: lower is softer, larger). */
const WET_HIGHLIGHTS_MIN = 3;
const WET_HIGHLIGHTS_MAX = 4;
const WET_GLOSS_POWER = 26;
/** The least distance between two wet highlights' lumps (mm). */
const WET_SPACING_MM = 0.9;
/** The highlight's hot centre inside its soft spread: the reflection's power there and its share. */
const WET_CORE_POWER = 60;
const WET_CORE = 0.7;
/** The wet film's reflectance at the highlight (over 1: the centre clips to white, as a wet spot does). */
const WET_GAIN = 2.4;
/** How far the diffuse light wraps past the terminator (translucent tissue). */
const WRAP = 0.15;
/**
 * How much of its full relief the lobules keep, and how deep their crevices shade: a share tuned so
 * the 0.1–0.3 mm band-pass texture (caruncle-picture.test.ts) sits where a photograph's caruncle does
 * at this scale (a DSLR close-up 2.5 levels, a phone's 0.7; at full relief it was 6.5: a raspberry).
 */
const LOBE_RELIEF = 0.28;
const CREVICE_SHADE = 0.3;
/** The red mottle's reach either way, levels of red (the photograph's redness texture was 2.1 where the
 * lobules alone gave 1.1). */
const MOTTLE_RED = 11;

/**
 * The tissue's own colour (sRGB) before its light, and how much darker its medial side is than its
 * lateral: the mound lies in the corner's recess, its medial side deepest in it, shaded by the nose's
 * side. At 204, 118, 114 and lit evenly it read beside a photograph as a bright pink dome, lit like the
 * white (0.44 of the white's 90th percentile medially, 0.60 laterally; now 0.39 and 0.57,
 * caruncle-picture.test.ts): the photographs' is a duller mound in shade.
 */
const ALBEDO = [198, 108, 104] as const;
const RECESS_SHADE = 0.2;

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
  const mottle = new Noise2D(rng.spawn('mottle'), 128, 128);
  const cos = Math.cos(C.rotationRad);
  const sin = Math.sin(C.rotationRad);
  // The lobules: round bulges at scattered points of the mound (mm about its centre), some of them
  // sebaceous (paler, yellower); the small ones only where `gather` lets them cluster.
  const lobes: { x: number; y: number; r: number; h: number; gland: number; big: boolean }[] = [];
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
      lobes.push({ x, y, r, h: LOBE_RELIEF * r * (sc.rMax < 0.2 ? rng.uniform(0.35, 0.7) : sc === LOBE_SCALES[0] ? rng.uniform(0.12, 0.24) : rng.uniform(0.25, 0.5)), gland: rng.chance(0.3) ? rng.uniform(0.5, 1) : 0, big: sc === LOBE_SCALES[0] });
    }
  }
  // Height (mm), coverage, crevice depth, gland share and film (where it may glint) per pixel; the
  // mound's own frame is (u, v).
  const height = new Float32Array(size * size);
  const cover = new Float32Array(size * size);
  const crevice = new Float32Array(size * size);
  const glandAt = new Float32Array(size * size);
  const recessAt = new Float32Array(size * size);
  const wet = wetLobes(lobes, rng.spawn('glints'));
  const gloss = new Float32Array(size * size);
  const gate = new Float32Array(size * size);
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
      let wetTop = 0;
      for (const l of wet) {
        const q = ((dx - l.x) ** 2 + (dy - l.y) ** 2) / (l.r * l.r);
        if (q >= 1) continue;
        const b = l.h * (1 - q) * (1 - q);
        if (b > wetTop) [wetTop, gate[py * size + px]] = [b, l.peak * smoothstep(0.7, 0.3, q)];
      }
      gloss[py * size + px] = dome + wetTop;
      height[i] = dome + bulge + 0.004 * fine.at(dx / 0.08 + 90, dy / 0.08 + 90) + 0.05 * coarse.at(dx / 0.45 + 20, dy / 0.45 + 20);
      crevice[i] = smoothstep(0.03, 0, bulge);
      recessAt[i] = smoothstep(-0.6, 1.1, u);
      glandAt[i] = gland;
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
      const diffuse = Math.max(0, (dot(nrm, LIGHT) + WRAP) / (1 + WRAP));
      // The wet film: a broad soft sheen on the flanks facing the half-vector (moist, not glinting).
      const sheen = 0.22 * Math.max(0, dot(nrm, HALF)) ** 12;
      // Albedo: a flesh red-pink, deeper in the crevices, a little paler over the sebaceous lobules (paler
      // and creamier, with taller big lumps under wide glints, it read as a bunch of pearls), and a slow
      // wander between pinker and paler patches.
      const g = glandAt[i];
      const c = crevice[i];
      const patch = 6 * coarse.at(px / mm / 0.7 + 3, py / mm / 0.7 + 3);
      const k = CREVICE_SHADE * c;
      // Redder and paler flecks a few tenths of a mm across (capillaries under the wet surface): the
      // red moves, the luma holds (green gives back what red adds), so the tissue mottles without lumps.
      const flush = MOTTLE_RED * mottle.at(px / mm / 0.22 + 7, py / mm / 0.22 + 7);
      let r = ALBEDO[0] + 5 * g - 40 * k + patch + flush;
      let gr = ALBEDO[1] + 10 * g - 54 * k + 1.6 * patch - (0.2126 / 0.7152) * flush;
      let b = ALBEDO[2] + 5 * g - 36 * k + 1.2 * patch;
      // Shadowed sides stay red (light scattered back out of the tissue), so red dims least; and the
      // mound lies in the recess of the corner, its medial side deepest in it.
      const recess = 1 - RECESS_SHADE * recessAt[i];
      r *= (0.74 + 0.32 * diffuse) * recess;
      gr *= (0.58 + 0.5 * diffuse) * recess;
      b *= (0.6 + 0.48 * diffuse) * recess;
      // The wet highlight: the light mirrored in the chosen lump's smooth surface, soft-edged.
      const hx = (gloss[i + 1] - gloss[i - 1]) / (2 * step);
      const hy = (gloss[i + size] - gloss[i - size]) / (2 * step);
      const facing = gate[i] > 0 ? Math.max(0, dot(normalize([-hx, -hy, 1]), HALF)) : 0;
      const glint = gate[i] > 0 ? Math.min(1, gate[i] * ((1 - WET_CORE) * facing ** WET_GLOSS_POWER + WET_CORE * facing ** WET_CORE_POWER) * WET_GAIN) : 0;
      const s = Math.min(1, sheen + glint);
      d[4 * i] = Math.min(255, r + (255 - r) * s);
      d[4 * i + 1] = Math.min(255, gr + (255 - gr) * s);
      d[4 * i + 2] = Math.min(255, b + (255 - b) * s);
      d[4 * i + 3] = Math.round(255 * Math.min(1, Math.max(cover[i] * 0.96, cover[i] * glint)));
    }
  }
  layer.ctx.putImageData(img, 0, 0);
  ctx.drawImage(layer.canvas, ox, oy);
}

/**
 * The wet highlights: the film is thick enough to mirror the light on only a few of the large lobules
 * (a handful of tiny specks all over reads as sugar, not wet tissue). Each chosen lump's highlight is
 * the light's reflection in the lump's own smooth surface (the swell plus that lump, without the small
 * lobules' roughness), so it is a soft patch shaped and placed by the lump; `gate` keeps it to that lump.
 * Per pixel of the relief's box: the smooth height and the gate (0 … peak).
 */
function wetLobes<L extends { x: number; y: number; r: number; big: boolean }>(lobes: readonly L[], rng: ReturnType<typeof textureRandom>): (L & { peak: number })[] {
  const C = CARUNCLE_MM;
  // Big lumps well inside the mound and out of the upper lid's shade on its top, in the seed's order.
  const fit = lobes.filter((l) => l.big && Math.hypot(l.x / C.rx, l.y / C.ry) < 0.72 && l.y > -0.45 * C.ry);
  const count = Math.min(fit.length, WET_HIGHLIGHTS_MIN + Math.floor(rng.next() * (WET_HIGHLIGHTS_MAX - WET_HIGHLIGHTS_MIN + 1)));
  // Apart from each other (WET_SPACING_MM): side by side, three glints read as a string of pearls.
  const chosen: L[] = [];
  for (const l of fit) if (chosen.length < count && chosen.every((c) => Math.hypot(c.x - l.x, c.y - l.y) >= WET_SPACING_MM)) chosen.push(l);
  // Each with its own curvature, not its lump's (the lumps are low swells now, and a glint on one that
  // flat spreads into a pale disc): a small rounded cap of the film that mirrors the light as a spot.
  return chosen.map((l) => ({ ...l, h: 0.3 * l.r, peak: rng.uniform(0.8, 1) }));
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function normalize(a: readonly number[]): [number, number, number] {
  const n = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / n, a[1] / n, a[2] / n];
}
