import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * Picture tests of the lashes (issue 18, point 4 and the depth of field of point 5) on the pixels the
 * renderer draws in headless Chromium at 1280×720, the open eye at rest in 2026: read along rows
 * across the upper lashes where they stand over the lid's skin (0.5–1.3 mm above the margin, over the
 * fissure's middle 60 %), where each hair crossing a row is a run of the mask's lash class.
 *
 * - Fine hairs, not wedges: a run (one hair, or hairs that touch) is as wide as a lash is thick, and
 *   the runs are many (a clump's 2–5 hairs cross a row apart before they meet at their tip).
 * - Dark brown, not black: the colour on the runs' middles.
 * - Slightly out of focus: a camera focused on the iris sees the lashes a few mm in front of it
 *   blurred, so some of a hair's darkness lies beside its geometry; the iris itself stays as sharp.
 */
const W = 1280;
const H = 720;

const ENTRY = `
import { drawEye } from './draw-eye.ts';
import { eyeFrame, xPx, yPx } from './geometry/eye-frame.ts';
import { irisPose } from './geometry/iris-pose.ts';
import { lidInputs } from './geometry/lid-inputs.ts';
import { lidMargins } from './geometry/lid-margins.ts';
import { gazeSample } from '../testing/eye-samples.ts';
import { MASK_IRIS, MASK_LASH, MASK_SKIN, classifyMaskPixel } from './mask-colors.ts';

function canvas() {
  const c = document.createElement('canvas');
  c.width = ${W};
  c.height = ${H};
  return c.getContext('2d', { willReadFrequently: true });
}
const luma = (d, i) => 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];

window.lashRows = (era) => {
  const f = eyeFrame(${W}, ${H});
  const s = gazeSample(0, 0);
  const color = canvas();
  drawEye(color, s, { width: ${W}, height: ${H}, era, pass: 'color' });
  const mask = canvas();
  drawEye(mask, s, { width: ${W}, height: ${H}, era, pass: 'mask' });
  const c = color.getImageData(0, 0, ${W}, ${H}).data;
  const m = mask.getImageData(0, 0, ${W}, ${H}).data;
  const pose = irisPose(s);
  const mg = lidMargins(lidInputs(s, pose), lidInputs(s, pose));
  const cls = (x, y) => { const i = (y * ${W} + x) * 4; return classifyMaskPixel(m[i], m[i + 1], m[i + 2]); };
  const widths = [];
  const mids = [];
  let runsPerMm = 0, rows = 0;
  let r = 0, g = 0, b = 0, n = 0;
  // Darkness (skin's luma minus the pixel's) on a run's own pixels, and within 2 px beside it on skin.
  let inside = 0, beside = 0;
  const x0Mm = mg.xLateralMm + 0.2 * (mg.xMedialMm - mg.xLateralMm);
  const x1Mm = mg.xLateralMm + 0.8 * (mg.xMedialMm - mg.xLateralMm);
  for (let yMm = 0.5; yMm <= 1.3; yMm += 0.1) {
    rows++;
    let runs = 0;
    for (let xMm = x0Mm; xMm < x1Mm; xMm += 0.5) {
      const y = Math.round(yPx(f, mg.upperMm(xMm) + yMm));
      const xa = Math.round(xPx(f, xMm)), xb = Math.round(xPx(f, xMm + 0.5));
      let x = xa;
      while (x < xb) {
        if (cls(x, y) !== MASK_LASH) { x++; continue; }
        let e = x;
        while (e < xb + 8 && cls(e, y) === MASK_LASH) e++;
        // Only runs with skin on both sides (not a run cut by the strip's ends).
        if (cls(x - 1, y) === MASK_SKIN && cls(e, y) === MASK_SKIN) {
          widths.push((e - x) / f.pxPerMm);
          runs++;
          // The skin's own luma here: the brighter of the two pixels 4 px out.
          const sk = Math.max(luma(c, (y * ${W} + x - 4) * 4), luma(c, (y * ${W} + e + 3) * 4));
          for (let k = x; k < e; k++) inside += Math.max(0, sk - luma(c, (y * ${W} + k) * 4));
          for (const k of [x - 2, x - 1, e, e + 1]) if (cls(k, y) === MASK_SKIN) beside += Math.max(0, sk - luma(c, (y * ${W} + k) * 4));
          const mid = (y * ${W} + ((x + e - 1) >> 1)) * 4;
          r += c[mid]; g += c[mid + 1]; b += c[mid + 2]; n++; mids.push(luma(c, mid));
        }
        x = e;
      }
    }
    runsPerMm += runs / (x1Mm - x0Mm);
  }
  widths.sort((p, q) => p - q);
  mids.sort((p, q) => p - q);
  // The iris's sharpness: its mean horizontal luma step between neighbours, 2.5–4.5 mm out from its centre.
  let step = 0, sn = 0;
  const cx = xPx(f, pose.centerXMm), cy = yPx(f, pose.centerYMm);
  for (let y = Math.round(cy - 1 * f.pxPerMm); y <= cy + 1 * f.pxPerMm; y++) {
    for (let x = Math.round(cx + 2.5 * f.pxPerMm); x < cx + 4.5 * f.pxPerMm; x++) {
      if (cls(x, y) !== MASK_IRIS || cls(x + 1, y) !== MASK_IRIS) continue;
      step += Math.abs(luma(c, (y * ${W} + x + 1) * 4) - luma(c, (y * ${W} + x) * 4)); sn++;
    }
  }
  return {
    medianWidthMm: widths[Math.floor(widths.length / 2)],
    p90WidthMm: widths[Math.floor(widths.length * 0.9)],
    runsPerMm: runsPerMm / rows,
    rgb: [r / n, g / n, b / n],
    darkLuma: mids[Math.floor(mids.length * 0.1)],
    besideShare: beside / (inside + beside),
    irisStep: step / sn,
  };
};
`;

const renderer = rendererPage(ENTRY);
/** The darkest tenth of the hairs' middles over skin, luma: the old wedges' 44, fine hairs' 79. */
const DARKEST_LUMA = 60;

interface LashRows {
  medianWidthMm: number;
  p90WidthMm: number;
  runsPerMm: number;
  rgb: [number, number, number];
  darkLuma: number;
  besideShare: number;
  irisStep: number;
}

describe('the upper lashes (pixels)', () => {
  it('cross a row as fine hairs, not wedges: 90 % of the runs no thicker than a lash (≤ 0.12 mm)', async () => {
    const l = await renderer.call<LashRows>('lashRows', '2026');
    // The old clumps (hairs 0.08–0.15 mm thick, roots 0.03–0.1 mm apart, side by side their whole way)
    // crossed as wedges: a tenth of the runs 0.17 mm or more.
    expect(l.p90WidthMm, JSON.stringify(l)).toBeLessThanOrEqual(0.12);
    expect(l.medianWidthMm, JSON.stringify(l)).toBeLessThanOrEqual(0.1);
    // And there are lashes to read (a row crosses more than one a millimetre).
    expect(l.runsPerMm, JSON.stringify(l)).toBeGreaterThan(1.2);
  }, 60_000);

  it('are dark brown, not black, at the hairs’ middles over the skin', async () => {
    const l = await renderer.call<LashRows>('lashRows', '2026');
    const [r, g, b] = l.rgb;
    expect(r - b).toBeGreaterThan(12);
    expect(0.2126 * r + 0.7152 * g + 0.0722 * b).toBeGreaterThan(45);
    // Even the darkest tenth is brown, not near black (where the old wedges stacked their hairs).
    expect(l.darkLuma, JSON.stringify(l)).toBeGreaterThan(DARKEST_LUMA);
  }, 60_000);

  it('are slightly out of focus (a share of each hair\'s darkness lies beside it) while the iris stays sharp', async () => {
    const l = await renderer.call<LashRows>('lashRows', '2026');
    // Antialiasing alone puts ~0.3 of it beside a sharp hair (the old renderer: 0.32).
    expect(l.besideShare, JSON.stringify(l)).toBeGreaterThan(0.4);
    // The iris's own texture is not blurred (2.24 levels a pixel before and after).
    expect(l.irisStep, JSON.stringify(l)).toBeGreaterThan(2);
  }, 60_000);
});
