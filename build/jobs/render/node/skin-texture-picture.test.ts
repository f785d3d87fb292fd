import { describe, expect, it } from 'vitest';
import { box, luma, type Patch } from '../../../testing/image-planes.ts';
import { rendererPage } from '../../../testing/renderer-page.ts';
import { spotsOf } from '../../../testing/pages/spots.ts';

/**
 * The skin's fine texture as a photograph at 1280×720 shows it (issue 18, point 5), on the painted
 * face (assets-for.ts: the skin with the upper lid's skin on it) in headless Chromium:
 * - A criss-cross: skin's micro-relief is a network of fine furrows crossing into little polygons
 *   (assets/skin-relief.ts; irregular, no lattice: skin-volume-picture.test.ts), so the gradient
 *   orientations of the fine texture (box(3) − box(13), 0.1–0.45 mm, the furrows' scale) are not
 *   one direction's. Read as a magnitude-weighted histogram of orientations (12 bins of 15°,
 *   smoothed): the strongest bin 45° or more away from the peak, against the peak.
 * - Vellus hair: very fine, pale, short hairs, seen at this size only as a faint texture of short
 *   pale strands (strandShare), greyer than the skin.
 */
const W = 1280;
const H = 720;

/** Blue over red, relative to the patch's mean: the relief's light and shade scale all channels alike
 * and leave it, a pale (greyer) hair over the skin raises it. */
function pallor(p: Patch): Float64Array {
  const l = new Float64Array(p.w * p.h);
  let mean = 0;
  for (let i = 0; i < l.length; i++) {
    l[i] = p.rgba[4 * i + 2] / Math.max(1, p.rgba[4 * i]);
    mean += l[i] / l.length;
  }
  for (let i = 0; i < l.length; i++) l[i] /= mean;
  return l;
}

/** The second direction's strength against the first, and the angle between them (deg). */
function crossing(p: Patch): { second: number; apartDeg: number } {
  const l = luma(p);
  const a = box(l, p.w, p.h, 3);
  const b = box(l, p.w, p.h, 13);
  const fine = a.map((v, i) => v - b[i]);
  const bins = new Float64Array(12);
  for (let y = 6; y < p.h - 6; y++) {
    for (let x = 6; x < p.w - 6; x++) {
      const gx = fine[y * p.w + x + 1] - fine[y * p.w + x - 1];
      const gy = fine[(y + 1) * p.w + x] - fine[(y - 1) * p.w + x];
      const a = (Math.atan2(gy, gx) + Math.PI) % Math.PI;
      bins[Math.min(11, Math.floor((a / Math.PI) * 12))] += gx * gx + gy * gy;
    }
  }
  const sm = bins.map((v, i) => (bins[(i + 11) % 12] + 2 * v + bins[(i + 1) % 12]) / 4);
  let peak = 0;
  for (let i = 1; i < 12; i++) if (sm[i] > sm[peak]) peak = i;
  let second = -1;
  for (let i = 0; i < 12; i++) {
    const d = Math.min(Math.abs(i - peak), 12 - Math.abs(i - peak));
    if (d >= 3 && (second < 0 || sm[i] > sm[second])) second = i;
  }
  // Against the histogram's floor (its weakest bin), so a flat histogram does not pass as two peaks.
  const floor = Math.min(...sm);
  return { second: (sm[second] - floor) / (sm[peak] - floor), apartDeg: 15 * Math.min(Math.abs(second - peak), 12 - Math.abs(second - peak)) };
}

/**
 * The share of the patch on a short pale strand, read on pallor (light and shade taken out, so the
 * relief's lit furrow edges do not count): where the palest of 8 lines through the pixel (7 px,
 * 0.24 mm long) stands out of the pixel's 7×7 surroundings by `threshold` more than the median line
 * does. A pale dot (a glint on a pore) lifts every line alike, so what this counts are thin pale
 * lines: hairs.
 */
function strandShare(p: Patch, threshold: number): number {
  const l = pallor(p);
  const b = box(l, p.w, p.h, 7);
  const dirs = Array.from({ length: 8 }, (_, k) => [Math.cos((k * Math.PI) / 8), Math.sin((k * Math.PI) / 8)]);
  let n = 0;
  let strands = 0;
  for (let y = 4; y < p.h - 4; y++) {
    for (let x = 4; x < p.w - 4; x++) {
      const r = dirs.map(([dx, dy]) => {
        let s = 0;
        for (let t = -3; t <= 3; t++) s += l[Math.round(y + t * dy) * p.w + Math.round(x + t * dx)];
        return s / 7 - b[y * p.w + x];
      });
      const sorted = [...r].sort((u, v) => u - v);
      n++;
      if (sorted[7] - (sorted[3] + sorted[4]) / 2 > threshold) strands++;
    }
  }
  return strands / n;
}

/**
 * How drawn out the lit texture's bright patches are: of the fine band's (box(3) − box(13)) patches
 * over one SD (spotsOf's, 6 px or more, clear of the patch's edge), the area-weighted median of their
 * elongation (1 a round patch, 3 a streak three times as long as wide).
 */
function brightElongation(p: Patch): number {
  const l = luma(p);
  const a = box(l, p.w, p.h, 3);
  const b = box(l, p.w, p.h, 13);
  const fine = a.map((v, i) => v - b[i]);
  const sd = Math.sqrt(fine.reduce((s, v) => s + v * v, 0) / fine.length);
  const flags = new Uint8Array(fine.length);
  for (let y = 1; y < p.h - 1; y++) for (let x = 1; x < p.w - 1; x++) flags[y * p.w + x] = fine[y * p.w + x] > sd ? 1 : 0;
  const patches = spotsOf(flags, p.w)
    .filter((q) => q.pixels >= 6)
    .sort((u, v) => u.elongation - v.elongation);
  const total = patches.reduce((s, q) => s + q.pixels, 0);
  let seenPx = 0;
  for (const q of patches) {
    seenPx += q.pixels;
    if (seenPx >= total / 2) return q.elongation;
  }
  return NaN;
}

const renderer = rendererPage('skin-texture', { widthPx: W, heightPx: H });
const patch = (x0Mm: number, x1Mm: number, y0Mm: number, y1Mm: number): Promise<Patch> =>
  renderer.page().evaluate((...a) => (window as unknown as { facePatch: (...x: unknown[]) => Patch }).facePatch(...a), x0Mm, x1Mm, y0Mm, y1Mm);

describe('the skin’s fine texture (painted face, 1280×720)', () => {
  // 0.79 with flat plates between the furrows; the plates' domes, lit from the upper left, lean every
  // bump's shading along the light and bring it to 0.68. A periocular photograph's cheek (looked at,
  // not kept) reads 0.41–0.76 over four band scales: a second direction at two thirds of the first is
  // within what skin shows, one family of furrows along the light (0.65) is not.
  it('crosses: the skin below the lower lid has a second texture direction over 0.66 of the first, 45° or more from it (before: 0.65, one family lying along the light)', async () => {
    const c = crossing(await patch(-6, 2, -7.3, -6.1));
    expect(c.second, JSON.stringify(c)).toBeGreaterThan(0.66);
    expect(c.apartDeg).toBeGreaterThanOrEqual(45);
  }, 60_000);

  it('crosses on the upper lid too: a second direction over 0.2 of the first, its creases along the lid the first (before: 0.17)', async () => {
    // (The crosshatch's two families made it 0.35. The irregular network's, with the pores and furrows
    // faint on thin lid skin as the shut lid's seam needs (lid-outline-picture.test.ts): 0.24.)
    const c = crossing(await patch(-8, -2, 6.6, 8.4));
    expect(c.second, JSON.stringify(c)).toBeGreaterThan(0.2);
  }, 60_000);

  it('swells between its furrows: the lit texture’s bright patches are bumps, their median elongation under 2.4 below the lower lid and 2.7 by the nose (before, a web of hairline furrows lit along an edge: 2.61 and 2.81)', async () => {
    const under = brightElongation(await patch(-6, 2, -7.3, -6.1));
    const nose = brightElongation(await patch(10, 14, -6, -2));
    expect(under, JSON.stringify({ under, nose })).toBeLessThan(2.4);
    expect(nose, JSON.stringify({ under, nose })).toBeLessThan(2.7);
  }, 60_000);

  it('has vellus hair: short pale strands on the cheek and the temple, on over 0.8 % of their pixels (before: at most 0.02 %)', async () => {
    const cheek = strandShare(await patch(-12, -6, -7.3, -5.8), 0.02);
    const temple = strandShare(await patch(-21, -17, -6, -2), 0.02);
    expect(cheek, JSON.stringify({ cheek, temple })).toBeGreaterThan(0.008);
    expect(temple, JSON.stringify({ cheek, temple })).toBeGreaterThan(0.008);
  }, 60_000);
});
