import { describe, expect, it } from 'vitest';
import { box, luma, type Patch } from '../../../testing/image-planes.ts';
import { rendererPage } from '../../../testing/renderer-page.ts';
import { eyeFrame } from '../../../render/geometry/eye-frame.ts';

/**
 * The skin around the eye as a photograph at 1280×720 shows it (issue 18, point 5), in headless Chromium:
 * - Irregular texture: skin's furrows split it into polygons of every shape and size, so the fine
 *   texture (box(3) − box(13), 0.1–0.45 mm) has no regular period: its 2D power spectrum over
 *   wavelengths 0.2–0.8 mm has no spike (the strongest frequency against the band's median power:
 *   spikiness), which two periodic furrow families crossing at 60° (a crosshatch, "leather") had. (An
 *   orientation histogram does not tell them apart: lit from one side, any relief shows the light's
 *   direction most.)
 * - Volume: the upper lid rounds over the globe, lighter on its top and darker down into the crease's
 *   fold and toward the lashes; the crease a shaded fold; the medial canthus (the orbit's hollow by the
 *   nose) darker than the lateral; a soft shadow just under the lower lid, darker than the cheek below.
 */
const W = 1280;
const H = 720;
const PX_PER_MM = eyeFrame(W, H).pxPerMm;

const renderer = rendererPage('skin-volume', { widthPx: W, heightPx: H });
const skinPatch = (x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number): Promise<Patch> => renderer.call('skinLayerPatch', x0Mm, x1Mm, y0Mm, y1Mm);
const profile = (era: string | null, curve: 'crease' | 'upper' | 'lower', x0Mm: number, x1Mm: number, fromMm: number, toMm: number, steps: number): Promise<number[]> =>
  renderer.call('profileMm', era, curve, x0Mm, x1Mm, fromMm, toMm, steps);

/** The fine band box(3) − box(13) over a square patch's centre, `n` × `n` px. */
function fineSquare(p: Patch, n: number): Float64Array {
  const l = luma(p);
  const a = box(l, p.w, p.h, 3);
  const b = box(l, p.w, p.h, 13);
  const x0 = Math.floor((p.w - n) / 2);
  const y0 = Math.floor((p.h - n) / 2);
  const out = new Float64Array(n * n);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) out[y * n + x] = a[(y0 + y) * p.w + x0 + x] - b[(y0 + y) * p.w + x0 + x];
  return out;
}

/** The strongest DFT power over wavelengths λ0 … λ1 px against the median power there. */
function spikiness(v: Float64Array, n: number, lambda0Px: number, lambda1Px: number): number {
  const cos = Float64Array.from({ length: n }, (_, i) => Math.cos((2 * Math.PI * i) / n));
  const sin = Float64Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * i) / n));
  const powers: number[] = [];
  // Half the plane (the other half mirrors it).
  for (let v0 = 0; v0 <= n / 2; v0++) {
    for (let u0 = -n / 2 + 1; u0 <= n / 2; u0++) {
      const r = Math.hypot(u0, v0);
      if (r === 0 || n / r < lambda0Px || n / r > lambda1Px || (v0 === 0 && u0 < 0)) continue;
      let re = 0;
      let im = 0;
      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; x++) {
          const k = (((u0 * x + v0 * y) % n) + n) % n;
          re += v[y * n + x] * cos[k];
          im -= v[y * n + x] * sin[k];
        }
      }
      powers.push(re * re + im * im);
    }
  }
  const sorted = [...powers].sort((a, b) => a - b);
  return sorted[sorted.length - 1] / sorted[Math.floor(sorted.length / 2)];
}

const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;

describe('the skin around the eye (1280×720)', () => {
  it('is irregular: no spike in the fine texture’s spectrum over 30× the median (the crosshatch: up to 85×), at the temple, the upper temple and by the nose', async () => {
    // 96 px (3.3 mm) squares; wavelengths 0.2–0.8 mm. Irregular texture puts its strongest frequency
    // at 10–20× the median (the maximum of ~400 near-exponential powers); a lattice of furrows, higher.
    const n = 96;
    const spikes: Record<string, number> = {};
    for (const [name, mm] of [
      ['temple', [-21, -17, -6, -2]],
      ['upperTemple', [-22, -18.5, 2, 5.5]],
      ['nose', [17.5, 21, -3, 0.5]],
    ] as const) {
      spikes[name] = spikiness(fineSquare(await skinPatch(mm[0], mm[1], mm[2], mm[3]), n), n, 0.2 * PX_PER_MM, 0.8 * PX_PER_MM);
    }
    for (const v of Object.values(spikes)) expect(v, JSON.stringify(spikes)).toBeLessThan(30);
  }, 120_000);

  it('has a round upper lid: down the lid (face layer) rising ≥ 5 levels out of the crease to its top and falling ≥ 25 toward the lashes (before: 0.1 and 11)', async () => {
    // From 1.5 mm above the crease to 4.6 mm under it in 0.25 mm bands, over the iris's outer half;
    // the crease lies between bands 5 and 6.
    const lid = await profile(null, 'crease', -5, -1, 1.5, -4.6, 24);
    const top = Math.max(...lid.slice(6, 15));
    const rise = top - lid[6];
    const fall = top - mean(lid.slice(21, 24));
    expect(rise, JSON.stringify(lid.map(Math.round))).toBeGreaterThanOrEqual(5);
    expect(fall, JSON.stringify(lid.map(Math.round))).toBeGreaterThanOrEqual(25);
  }, 120_000);

  it('has a crease that is a shaded fold: the drawn frame ≥ 28 levels darker in it than on the hood above (before: 24)', async () => {
    // 1.5 mm above to 3 mm under the crease in 0.25 mm bands (the crease between bands 5 and 6), clear of the lashes.
    const p = await profile('2026', 'crease', -5, -1, 1.5, -3, 18);
    const depth = mean(p.slice(1, 6)) - Math.min(...p.slice(6, 10));
    // (A photograph's is 30–60; face-warp.test.ts keeps the fold's shading within 20 %, soft.)
    expect(depth, JSON.stringify(p.map(Math.round))).toBeGreaterThanOrEqual(28);
  }, 120_000);

  it('is darker toward the nose: the band round the crease ≥ 10 levels darker medially than laterally (before: 5)', async () => {
    const medial = await profile(null, 'crease', 11, 17, 3, -3, 6);
    const lateral = await profile(null, 'crease', -17, -11, 3, -3, 6);
    expect(mean(lateral) - mean(medial), JSON.stringify({ medial, lateral })).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it('has a soft shadow under the lower lid: 0.8–1.8 mm under its margin ≥ 30 levels darker than the temple’s open skin (before: 23)', async () => {
    // (At 720p the frame ends ~2 mm under the lower lid's middle: the shadow is what shows of the hollow.)
    const under = await profile(null, 'lower', -6, 11, -0.8, -1.8, 5);
    const temple = await renderer.call<number>('skinMeanLuma', -21, -17, -6, -2);
    expect(temple - mean(under), JSON.stringify({ under, temple })).toBeGreaterThanOrEqual(30);
  }, 120_000);
});
