import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * The white's tone (issue 18, point 2) in the graded colour frame at 1280×720, the eye at rest, in
 * the three eras the judge saw (2026, 2009, 1991): not a paper white that glows, flat, but an ivory
 * grey, brightest in a band beside the limbus, turning darker as the globe turns away toward the
 * corners, and under a soft band of the upper lid's shade. Read through the mask's sclera class
 * (build/testing/pages/tone.page.ts): the band's median luma 1–4 mm beside the iris on the pupil's
 * row, the white 4.5–7.5 mm out and the top 1 mm of the white under the lid as fractions of it, the
 * band's warmth (r − b).
 * Measured on 36a2101 (before): band luma 203 (2026), 159 (2009), 174 (1991); further out 0.665,
 * 0.662, 0.656 of it; under the lid 0.561, 0.519, 0.555; warmth 20 (2026), 17 (1991).
 */
const renderer = rendererPage('tone', { widthPx: 1280, heightPx: 720 });

interface ScleraTone {
  bright: number;
  mid: number;
  corners: number;
  underLid: number;
  warm: number;
  innerRed: number;
  outerRed: number;
  n: { band: number; corners: number; under: number };
}

const JUDGED = ['2026', '2009', '1991'] as const;

describe('the white\'s tone (graded frame, 1280×720)', () => {
  it('is no paper white: 2026\'s brightest band under luma 185 and warm (r − b over 24, as in 1991)', async () => {
    const t26 = await renderer.call<ScleraTone>('scleraTone', '2026');
    const t91 = await renderer.call<ScleraTone>('scleraTone', '1991');
    const msg = JSON.stringify({ t26, t91 });
    expect(t26.n.band, msg).toBeGreaterThan(2000);
    expect(t26.bright, msg).toBeLessThan(185);
    expect(t26.warm, msg).toBeGreaterThan(24);
    expect(t91.warm, msg).toBeGreaterThan(24);
  }, 60_000);

  it('rounds away from the band and lies under the upper lid\'s shade: further out under 0.64 of the band, under the lid under 0.51', async () => {
    for (const era of JUDGED) {
      const t = await renderer.call<ScleraTone>('scleraTone', era);
      const msg = `${era}: ${JSON.stringify(t)}`;
      expect(t.n.under, msg).toBeGreaterThan(1000);
      expect(t.mid, msg).toBeLessThan(0.64);
      expect(t.underLid, msg).toBeLessThan(0.51);
    }
  }, 60_000);
});
