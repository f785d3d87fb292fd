import { Noise2D, PeriodicNoise1D, smoothstep, textureRandom } from './noise.ts';

/**
 * The iris tissue, grown once from the fixed seed in polar space: u (angle, 0…1) × ρ (pupil margin 0
 * … limbus 1), RGB floats. A hazel iris: an amber pupillary zone whose spokes run out into a grey-green
 * ciliary zone, a wavy raised collarette a third of the way out, wavy radial fibres (trabeculae) at
 * several scales with dark gaps between them, irregular crypts by the collarette, and broken
 * contraction furrows toward the edge.
 */
export const IRIS_POLAR_U_BINS = 2048;
export const IRIS_POLAR_RHO_BINS = 192;

let tissue: Float32Array | null = null;

type Rgb = [number, number, number];
// Measured on photographs: an iris's stroma sits at a luma of ~50–90 under room light, its fibres a
// few tens of levels apart; brighter and more saturated reads as paint.
// Issue 18, point 3: the ciliary zone a grey-blue-green (was 62, 80, 78: a vivid teal beside the
// white) and the pupillary zone a brown (was 108, 78, 50: a flat orange ring), both less saturated.
const AMBER_DEEP: Rgb = [58, 45, 35];
const AMBER: Rgb = [98, 78, 60];
const AMBER_LIGHT: Rgb = [122, 102, 82];
const GREEN: Rgb = [70, 78, 80];
// The strands' light is low: in photographs an iris's fibres differ from its stroma by a few tens of
// levels, never the near-white threads a bright strand reads as.
const GREEN_LIGHT: Rgb = [116, 122, 120];
const GAP: Rgb = [28, 29, 28];

interface Crypt {
  u: number;
  rho: number;
  halfU: number;
  halfRho: number;
  depth: number;
  wobble: number;
}

export function irisPolar(): Float32Array {
  if (tissue) return tissue;
  const rng = textureRandom('iris');
  const n = (name: string, period: number) => new PeriodicNoise1D(rng.spawn(name), period);
  const fibres = [n('f1', 70), n('f2', 150), n('f3', 320), n('f4', 700)];
  const warp = new Noise2D(rng.spawn('warp'), 36, 6);
  const warp2 = new Noise2D(rng.spawn('warp2'), 120, 10);
  // A shorter wave along each fibre (~0.5 mm), so no fibre is a ruler line: straight, the ones at
  // 6 and 12 o'clock ran vertical for 1.7 mm, and a coarse medium (2003's 3-px blocks) stacked them in
  // one column of blocks.
  const kink = new Noise2D(rng.spawn('kink'), 48, 10);
  const along = new Noise2D(rng.spawn('along'), 260, 12);
  const coll = [n('c1', 11), n('c2', 37), n('c3', 90)];
  const spokes = n('spokes', 34);
  const spokesFine = n('spokesFine', 110);
  const tone = new Noise2D(rng.spawn('tone'), 14, 4);
  const bundleA = new Noise2D(rng.spawn('bundleA'), 90, 10);
  const bundleB = new Noise2D(rng.spawn('bundleB'), 240, 21);
  const furrow = n('furrow', 10);
  const furrowGap = n('furrowGap', 23);
  const crypts: Crypt[] = [];
  for (let i = 0; i < 22; i++) {
    const nearCollarette = i < 16;
    crypts.push({
      u: rng.next(),
      rho: nearCollarette ? rng.uniform(0.3, 0.5) : rng.uniform(0.55, 0.85),
      halfU: rng.uniform(0.004, nearCollarette ? 0.014 : 0.008),
      halfRho: rng.uniform(0.03, nearCollarette ? 0.085 : 0.05),
      // Dark pits (0.2–0.45 left them a faint mottle): a crypt shows the dark posterior layer.
      depth: rng.uniform(0.3, 0.55),
      wobble: rng.uniform(0, 1),
    });
  }
  const U = IRIS_POLAR_U_BINS;
  const P = IRIS_POLAR_RHO_BINS;
  const out = new Float32Array(U * P * 3);
  const col: Rgb = [0, 0, 0];
  const mix = (a: Rgb, b: Rgb, t: number, o: Rgb): Rgb => {
    o[0] = a[0] + (b[0] - a[0]) * t;
    o[1] = a[1] + (b[1] - a[1]) * t;
    o[2] = a[2] + (b[2] - a[2]) * t;
    return o;
  };
  const amber: Rgb = [0, 0, 0];
  const green: Rgb = [0, 0, 0];
  for (let j = 0; j < P; j++) {
    const rho = j / (P - 1);
    for (let i = 0; i < U; i++) {
      const u = i / U;
      // Fibres: nearly radial strands (trabeculae), a slight wave, broken into lengths along ρ.
      const w = u + 0.0022 * warp.at(u * 36, rho * 3) + 0.0007 * warp2.at(u * 120, rho * 8) + 0.0035 * kink.at(u * 48, rho * 9);
      const f =
        0.3 * fibres[0].at(w * 70) + 0.34 * fibres[1].at(w * 150) + 0.26 * fibres[2].at(w * 320) + 0.12 * fibres[3].at(w * 700);
      const broken = 0.55 + 0.45 * along.at(w * 260, rho * 12);
      const strand = f * broken;
      // Light strands stand out of a darker stroma; dark gaps open between them.
      const light = smoothstep(0.05, 0.45, strand);
      const dark = smoothstep(-0.08, -0.42, strand);
      // The collarette's wavy radius, and amber spokes reaching past it.
      const rc = 0.31 + 0.045 * coll[0].at(u * 11) + 0.02 * coll[1].at(u * 37) + 0.008 * coll[2].at(u * 90);
      const spoke = Math.max(0, 0.6 * spokes.at(u * 34) + 0.5 * spokesFine.at(u * 110));
      // The spokes' reach is short and their ends soft: long sharp amber rays read as a painted star.
      const reach = rc + 0.04 + 0.09 * spoke * spoke;
      // Its edge wide enough to blend into the green (reach − 0.13 … + 0.09 sat as a ring).
      const amberT = 1 - smoothstep(reach - 0.2, reach + 0.16, rho);
      mix(AMBER_DEEP, AMBER, smoothstep(0.02, 0.25, rho), amber);
      mix(amber, AMBER_LIGHT, light * 0.85, amber);
      mix(GREEN, GREEN_LIGHT, 0.25 + 0.2 * tone.at(u * 14, rho * 4) + 0.5 * light, green);
      mix(green, amber, amberT, col);
      mix(col, GAP, dark * (0.22 + 0.22 * smoothstep(rc, 0.7, rho)), col);
      // Bundles: the stroma is lumpy at a middle scale, lighter and darker patches along the fibres.
      let bright = 1 + 0.16 * bundleA.at(w * 90, rho * 9) + 0.08 * bundleB.at(w * 240, rho * 20);
      // The collarette: a raised ring that catches light on its inner slope.
      const ridge = Math.exp(-(((rho - rc) / 0.028) ** 2));
      bright += 0.22 * ridge * (0.55 + 0.45 * along.at(u * 260, 3));
      // Crypts: irregular pits, dark in the middle, with a faint light rim.
      for (const k of crypts) {
        let du = Math.abs(u - k.u);
        if (du > 0.5) du = 1 - du;
        if (du > 1.7 * k.halfU || Math.abs(rho - k.rho) > 1.7 * k.halfRho) continue;
        const wob = 1 + 0.35 * warp2.at(u * 120 + k.wobble * 50, rho * 10);
        const e = ((du / k.halfU) ** 2 + ((rho - k.rho) / k.halfRho) ** 2) * wob;
        if (e < 1) mix(col, GAP, k.depth * (1 - e) ** 0.8, col);
        else if (e < 1.8) bright *= 1 + 0.08 * (1.8 - e);
      }
      // Contraction furrows: broken concentric folds.
      for (const [rf, salt] of [
        [0.72, 0.13],
        [0.84, 3.7],
        [0.93, 7.1],
      ] as const) {
        const off = rho - rf - 0.01 * furrow.at(u * 10 + salt);
        const on = smoothstep(-0.1, 0.3, furrowGap.at(u * 23 + salt * 3));
        bright *= 1 - 0.16 * on * Math.exp(-((off / 0.016) ** 2));
      }
      const o = (j * U + i) * 3;
      out[o] = col[0] * bright;
      out[o + 1] = col[1] * bright;
      out[o + 2] = col[2] * bright;
    }
  }
  tissue = softenFineDetail(out);
  return tissue;
}

/**
 * How much of the tissue's detail finer than ~0.3 mm (a box of ±FINE_DETAIL_MM) the picture keeps.
 * Read as iris-tone-picture.test.ts reads it (the 0.1–0.3 mm band-pass luma in the iris's mask), a
 * DSLR close-up of a brown iris (a public sclera dataset's sample at this scale, looked at, not kept)
 * gives 0.5–0.9 levels; this grey-green one read 2.41–3.07 in the judged eras, its fibres and gaps cut
 * like an engraving, and 1.23–1.77 at 0.35. A lighter iris shows its stroma more than a brown one, so
 * not all the way down: what a cornea and a camera focused on it leave of the strands.
 */
const FINE_DETAIL_KEPT = 0.35;
/** The scale below which detail is softened, mm (the box's half-width, along the circle and across it). */
const FINE_DETAIL_MM = 0.15;

/** The tissue with its fine detail pulled toward its local mean (a box of ±FINE_DETAIL_MM, in mm at each radius). */
function softenFineDetail(src: Float32Array): Float32Array {
  const U = IRIS_POLAR_U_BINS;
  const P = IRIS_POLAR_RHO_BINS;
  // Across ρ: the tissue spans the iris's ~4 mm from pupil to limbus (a mid-sized pupil).
  const halfRho = Math.max(1, Math.round((FINE_DETAIL_MM / 4) * (P - 1)));
  const along = new Float32Array(src.length);
  for (let j = 0; j < P; j++) {
    // Along the circle: its circumference at this ρ (pupil radius ~1.5 mm to the limbus's 6).
    const rMm = 1.5 + 4.5 * (j / (P - 1));
    const half = Math.max(1, Math.round((FINE_DETAIL_MM / (2 * Math.PI * rMm)) * U));
    for (let ch = 0; ch < 3; ch++) {
      let sum = 0;
      for (let d = -half; d <= half; d++) sum += src[(j * U + ((d + U) % U)) * 3 + ch];
      for (let i = 0; i < U; i++) {
        along[(j * U + i) * 3 + ch] = sum / (2 * half + 1);
        sum += src[(j * U + ((i + half + 1) % U)) * 3 + ch] - src[(j * U + ((i - half + U) % U)) * 3 + ch];
      }
    }
  }
  const out = new Float32Array(src.length);
  for (let j = 0; j < P; j++) {
    const j0 = Math.max(0, j - halfRho);
    const j1 = Math.min(P - 1, j + halfRho);
    for (let i = 0; i < U; i++) {
      for (let ch = 0; ch < 3; ch++) {
        let sum = 0;
        for (let k = j0; k <= j1; k++) sum += along[(k * U + i) * 3 + ch];
        const mean = sum / (j1 - j0 + 1);
        const o = (j * U + i) * 3 + ch;
        out[o] = mean + FINE_DETAIL_KEPT * (src[o] - mean);
      }
    }
  }
  return out;
}
