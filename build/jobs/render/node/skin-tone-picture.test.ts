import { describe, expect, it } from 'vitest';
import { box, type Patch } from '../../../testing/image-planes.ts';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * The crease and the skin's tone as a photograph at 1280×720 shows them (issue 18, "an eye nobody can
 * tell from a photograph"), in headless Chromium:
 * - The upper lid's crease is a groove: down a column over the middle of the lid, the drawn frame is
 *   darkest in a narrow line at the crease, with the hood 0.5–1 mm above it (the brow's hairs begin
 *   ~1.5 mm above it over the pupil) and the lid 1–1.5 mm below it both well lighter (the lid back to the face's tone within a millimetre). A grey shadow
 *   band hanging 1.5 mm down from a sharp top edge (a dome or blister laid on the skin) is darkest a
 *   millimetre under the crease, barely lighter there than at the crease.
 * - The skin is not one even peach: pinker just under the lower lid's margin and over the upper one's
 *   (thin skin over vessels) and at the inner corner than at the temple, and mottled at low frequency
 *   (red/green after a 2 mm blur varies over the temple by more than the even skin's shading did).
 */
const W = 1280;
const H = 720;

const renderer = rendererPage('skin-volume', { widthPx: W, heightPx: H });
const profile = (era: string | null, curve: 'crease' | 'upper' | 'lower', x0Mm: number, x1Mm: number, fromMm: number, toMm: number, steps: number): Promise<number[]> =>
  renderer.call('profileMm', era, curve, x0Mm, x1Mm, fromMm, toMm, steps);
const redness = (curve: 'crease' | 'upper' | 'lower', x0Mm: number, x1Mm: number, fromMm: number, toMm: number): Promise<number[]> =>
  renderer.call('rednessMm', curve, x0Mm, x1Mm, fromMm, toMm, 1);
const patch = (layer: 'skin' | 'face', x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number): Promise<Patch> => renderer.call('layerPatch', layer, x0Mm, x1Mm, y0Mm, y1Mm);

function mean(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s / v.length;
}

/** Red over green per pixel. */
function rg(p: Patch): Float64Array {
  const l = new Float64Array(p.w * p.h);
  for (let i = 0; i < l.length; i++) l[i] = p.rgba[4 * i] / Math.max(1, p.rgba[4 * i + 1]);
  return l;
}

/** The standard deviation of a plane after a k px box blur, over the part clear of the edges. */
function blurredSpread(p: Float64Array, w: number, h: number, k: number): number {
  const b = box(p, w, h, k);
  const m = Math.ceil(k / 2);
  const v: number[] = [];
  for (let y = m; y < h - m; y++) for (let x = m; x < w - m; x++) v.push(b[y * w + x]);
  const mu = mean(v);
  return Math.sqrt(mean(v.map((x) => (x - mu) * (x - mu))));
}

describe('the crease and the skin’s tone (1280×720)', () => {
  it('has a crease that is a groove, not the top of a shadow band: over the middle of the lid the drawn frame at the crease ≥ 14 levels darker than the lid 0.5–1 mm below it (before: 6.5–8) and than the hood 0.5–1 mm above it', async () => {
    // 1.5 mm above to 1.5 mm under the crease in 0.25 mm bands (the crease between bands 5 and 6);
    // over the pupil the brow's hairs begin ~1.5 mm above the crease, so the hood is read 0.5–1 mm up.
    // Before: the shadow's top edge at the crease, 0.5–1 mm under it still 6.5–8 levels from its
    // floor (150, 154, 161 down the lid), above 18–31. After: 18–24 below, 17–30 above.
    for (const [x0, x1] of [
      [-6, -2],
      [-2, 2],
      [2, 6],
    ]) {
      const p = await profile('2026', 'crease', x0, x1, 1.5, -1.5, 12);
      const groove = Math.min(...p.slice(5, 9));
      const above = mean(p.slice(2, 4)) - groove;
      const below = mean(p.slice(8, 10)) - groove;
      const msg = JSON.stringify({ x0, above, below, p: p.map(Math.round) });
      expect(below, msg).toBeGreaterThanOrEqual(14);
      // A guard: the groove is a line in the skin, not the lid's lower edge of a lit hood either.
      expect(above, msg).toBeGreaterThanOrEqual(14);
    }
  }, 120_000);

  it('is pinker by the lid margins and the inner corner than at the temple (red/green over the temple’s: under the lower margin ≥ 0.13, over the upper ≥ 0.08, the inner corner ≥ 0.2; before 0.10, 0.06, 0.15), and mottled over millimetres (red/green after a 2 mm blur: SD ≥ 0.0065; before 0.0037)', async () => {
    // After: 0.151, 0.088, 0.233; mottle 0.0090 (the fine colour stays skin-picture.test.ts's: its
    // 0.3–2 mm red/green band under 1 % at the temple).
    const temple = mean(rg(await patch('face', -21, -17, -6, -2)));
    const underLower = (await redness('lower', -8, 8, -0.3, -1.5))[0] - temple;
    const overUpper = (await redness('upper', -6, 6, 0.4, 1.4))[0] - temple;
    const corner = mean(rg(await patch('face', 15.5, 17.5, -2, 0))) - temple;
    // Temple skin clear of the lids, the brow and the socket's shading.
    const t = await patch('skin', -22, -12, 3, 9);
    const mottle = blurredSpread(rg(t), t.w, t.h, 61);
    const msg = JSON.stringify({ underLower, overUpper, corner, mottle });
    expect(underLower, msg).toBeGreaterThanOrEqual(0.13);
    expect(overUpper, msg).toBeGreaterThanOrEqual(0.08);
    expect(corner, msg).toBeGreaterThanOrEqual(0.2);
    expect(mottle, msg).toBeGreaterThanOrEqual(0.0065);
  }, 120_000);
});
