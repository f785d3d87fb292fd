import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * Picture tests of the lashes (issue 18, point 4 and the depth of field of point 5) on the pixels the
 * renderer draws in headless Chromium at 1280×720, the open eye at rest in 2026: read along rows
 * across the upper lashes where they stand over the lid's skin (0.8–1.6 mm above the margin, over the
 * fissure's middle 60 %), where each hair crossing a row is a run of the mask's lash class. (From
 * 0.5 mm, the rows crossed the short hairs crowded at the roots, a mass by design: lash-fringe-picture
 * measures it. The long hairs read the same at 0.8–1.6 mm with and without them: p90 0.174 mm, 2.99
 * and 3.06 runs a mm, a share of 0.28 beside.)
 *
 * - Fine hairs, not wedges: a run (one hair, or hairs that touch) is as wide as a lash is thick, and
 *   the runs are many (a clump's 2–5 hairs cross a row apart before they meet at their tip).
 * - Dark brown, not black: the colour on the runs' middles.
 * - Slightly out of focus: a camera focused on the iris sees the lashes a few mm in front of it
 *   blurred, so some of a hair's darkness lies beside its geometry; the iris itself stays as sharp.
 */
const W = 1280;
const H = 720;

const renderer = rendererPage('lash', { widthPx: W, heightPx: H });
/**
 * The hairs' middles over skin, luma. A DSLR close-up of a real fringe at this scale (the public SBVPI
 * sample, looked at and measured, not kept), read the same way (each hair's darkest pixel across a row,
 * 0.5–1.3 mm over the margin), puts its median at 53 and its darkest tenth at 39 where the hairs stand
 * over the lid's skin: dark brown. Ours read 73 and 61 (tan strokes, issue 18's "stamped") until the
 * hair colours were darkened; now 55 and 42. The floor keeps them off black; hairs stacked into wedges are
 * the width test's to catch (above).
 */
const MEDIAN_LUMA_MAX = 65;
const DARKEST_LUMA_MIN = 30;

interface LashRows {
  medianWidthMm: number;
  p90WidthMm: number;
  runsPerMm: number;
  rgb: [number, number, number];
  darkLuma: number;
  medianLuma: number;
  besideShare: number;
  irisStep: number;
}

describe('the upper lashes (pixels)', () => {
  it('cross a row as fine hairs, not wedges: 90 % of the runs no thicker than two lashes touching (≤ 5 px, 0.18 mm)', async () => {
    const l = await renderer.call<LashRows>('lashRows', '2026');
    console.log(`lash rows: ${JSON.stringify(l)}`);
    // The old clumps (hairs 0.08–0.15 mm thick, roots 0.03–0.1 mm apart, side by side their whole way)
    // crossed as wedges: a tenth of the runs 0.17 mm or more, read on a mask that traced each hair as
    // one quadratic, its sides bowed in. The mask now traces the hair's pieces at the colour's width
    // (lashes.ts), and today's hairs (≤ 0.1 mm, crossing the row aslant) read p90 0.139 mm, 4 px (0.104
    // on the bowed mask).
    // Bar 0.14 -> 0.18 mm (5 px) with the dense fringe (issue 18: 150 hairs in 2-3 rows, 8 mm long):
    // a row now crosses 2.4 runs a mm (was ~1.5), and a tenth of them are two hairs of neighbouring
    // rows touching where they cross (0.174 mm), as in a photograph's fringe; a single hair still reads
    // 2-3 px (the median, below), and a clump's hairs still stand apart (lash-set.test.ts, > 1.5 widths).
    expect(l.p90WidthMm, JSON.stringify(l)).toBeLessThanOrEqual(0.18);
    expect(l.medianWidthMm, JSON.stringify(l)).toBeLessThanOrEqual(0.1);
    // And there are lashes to read (a row crosses more than one a millimetre).
    expect(l.runsPerMm, JSON.stringify(l)).toBeGreaterThan(1.2);
  }, 60_000);

  it('are dark brown, as dark as a photograph\'s, not black, at the hairs’ middles over the skin (before: median luma 73)', async () => {
    const l = await renderer.call<LashRows>('lashRows', '2026');
    const [r, g, b] = l.rgb;
    expect(r - b).toBeGreaterThan(12);
    expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeGreaterThan(45);
    expect(l.medianLuma, JSON.stringify(l)).toBeLessThanOrEqual(MEDIAN_LUMA_MAX);
    // Even the darkest tenth is brown, not black.
    expect(l.darkLuma, JSON.stringify(l)).toBeGreaterThan(DARKEST_LUMA_MIN);
  }, 60_000);

  it('are slightly out of focus (a share of each hair\'s darkness lies beside it) while the iris stays sharp', async () => {
    const l = await renderer.call<LashRows>('lashRows', '2026');
    // On the mask traced at the colour's width, a sharp hair (no DEFOCUS and its share 0) puts
    // 0.18 of it beside, today's defocused hair 0.32. (The old mask, one quadratic with its sides bowed
    // in, counted part of the hair’s own body as beside: ~0.3 sharp, over 0.4 defocused.)
    expect(l.besideShare, JSON.stringify(l)).toBeGreaterThan(0.25);
    // The iris's own texture is not blurred by the lashes' defocus (2.24 levels a pixel before and after
    // it; 1.82 since the iris's fine detail was softened to a photograph's, iris-tone-picture.test.ts).
    expect(l.irisStep, JSON.stringify(l)).toBeGreaterThan(1.6);
  }, 60_000);
});
