import { describe, expect, it } from 'vitest';
import { rendererPage } from '../../../testing/renderer-page.ts';

/**
 * Picture tests of the eye's outline and the shut lid (issue 18, point 2 and the lid's skin), on the
 * pixels drawEye draws in headless Chromium at the film's size, hand-made samples
 * (build/testing/eye-samples.ts) in both passes:
 * - the lateral canthus is acute but soft: from the mask, the opening's height per column from the
 *   tip inward. A knife point's height grows as the distance d (h(0.15 mm)/h(0.6 mm) = 0.25), a
 *   rounded tip's as √d (0.5); the angle between the margins 0.4–1.2 mm in is under 60°.
 * - the medial canthus is a small lake: the opening 0.2 mm from its end is over 1 mm tall (a knife
 *   point's was 0.68 mm), with the caruncle in it.
 * - a shut or nearly shut lid is one continuous skin: along columns over the middle of the lid, the
 *   luma just above the crease against just below it (a pale hood over a darker lid read as an arc),
 *   and the column-to-column jump of the lid's mean luma by the globe's column (the skin from the fold
 *   was borrowed from 4 mm toward the middle, so it changed sides there: a seam down the lid).
 */
const W = 1280;
const H = 720;

const ENTRY = `
import { drawEye } from './draw-eye.ts';
import { eyeFrame, xPx, yPx } from './geometry/eye-frame.ts';
import { creaseMm } from './geometry/crease.ts';
import { irisPose } from './geometry/iris-pose.ts';
import { lidInputs } from './geometry/lid-inputs.ts';
import { lidMargins } from './geometry/lid-margins.ts';
import { blinkSample, gazeSample } from '../testing/eye-samples.ts';
import { MASK_CARUNCLE, classifyMaskPixel } from './mask-colors.ts';

function passOf(s, pass) {
  const c = document.createElement('canvas');
  c.width = ${W};
  c.height = ${H};
  const ctx = c.getContext('2d', { willReadFrequently: true });
  drawEye(ctx, s, { width: ${W}, height: ${H}, era: '2026', pass });
  return ctx.getImageData(0, 0, ${W}, ${H}).data;
}

/** Opening pixels per column of the mask (any class inside the opening). */
function openingHeights(d) {
  const h = new Float64Array(${W});
  for (let x = 0; x < ${W}; x++) {
    let n = 0;
    for (let y = 0; y < ${H}; y++) {
      const i = (y * ${W} + x) * 4;
      if (classifyMaskPixel(d[i], d[i + 1], d[i + 2]).opening) n++;
    }
    h[x] = n;
  }
  return h;
}

window.corners = () => {
  const f = eyeFrame(${W}, ${H});
  const d = passOf(gazeSample(0, 0), 'mask');
  const h = openingHeights(d);
  let xl = 0;
  while (xl < ${W} && h[xl] === 0) xl++;
  let xm = ${W} - 1;
  while (xm > 0 && h[xm] === 0) xm--;
  // Height at a distance from the tip (mm), interpolated between columns (px → mm).
  const atL = (dMm) => {
    const x = xl + dMm * f.pxPerMm;
    const i = Math.floor(x);
    return (h[i] + (h[i + 1] - h[i]) * (x - i)) / f.pxPerMm;
  };
  const atM = (dMm) => {
    const x = xm + 1 - dMm * f.pxPerMm;
    const i = Math.floor(x);
    return (h[i] + (h[i + 1] - h[i]) * (x - i)) / f.pxPerMm;
  };
  const slope = (atL(1.2) - atL(0.4)) / 0.8;
  let caruncle = 0;
  for (let i = 0; i < ${W * H}; i++) if (classifyMaskPixel(d[4 * i], d[4 * i + 1], d[4 * i + 2]) === MASK_CARUNCLE) caruncle++;
  return {
    lateralSoftness: atL(0.15) / atL(0.6),
    lateralAngleDeg: (2 * Math.atan(slope / 2) * 180) / Math.PI,
    medialAt02Mm: atM(0.2),
    caruncleMm2: caruncle / (f.pxPerMm * f.pxPerMm),
  };
};

window.shutLid = (closure) => {
  const f = eyeFrame(${W}, ${H});
  const s = blinkSample(closure);
  const c = passOf(s, 'color');
  const m = lidMargins(lidInputs(s, irisPose(s)), lidInputs(s, irisPose(s)));
  const luma = (x, y) => {
    const i = (y * ${W} + x) * 4;
    return 0.2126 * c[i] + 0.7152 * c[i + 1] + 0.0722 * c[i + 2];
  };
  const mean = (x, y0, y1) => {
    let s = 0;
    for (let y = Math.round(y0); y < Math.round(y1); y++) s += luma(x, y);
    return s / (Math.round(y1) - Math.round(y0));
  };
  const x0 = Math.round(xPx(f, -8));
  const x1 = Math.round(xPx(f, 8));
  const mm = f.pxPerMm;
  const steps = [];
  const lid = [];
  let clearMm = Infinity;
  for (let x = x0; x <= x1; x++) {
    const xMm = (x + 0.5 - f.centerXPx) / mm;
    const cy = yPx(f, creaseMm(xMm));
    steps.push(mean(x, cy - 1 * mm, cy - 0.25 * mm) - mean(x, cy + 0.25 * mm, cy + 1 * mm));
    lid.push(mean(x, cy + 0.2 * mm, cy + 1.2 * mm));
    clearMm = Math.min(clearMm, creaseMm(xMm) - m.upperMm(xMm));
  }
  // The step over 9 columns (0.3 mm: the arc, not a pore), and the lid's jumps over 2 columns.
  let arc = 0;
  for (let i = 4; i < steps.length - 4; i++) {
    let s = 0;
    for (let k = -4; k <= 4; k++) s += steps[i + k];
    arc = Math.max(arc, s / 9);
  }
  // A seam down the lid: the lid's mean luma (0.2–1.2 mm under the crease, where the skin from the
  // fold shows) jumping from one column to the next, over the middle 2 mm (where the old fold skin
  // changed its donor side) against the median jump.
  const jumps = [];
  let seam = 0;
  for (let i = 0; i + 1 < lid.length; i++) {
    const j = Math.abs(lid[i + 1] - lid[i]);
    jumps.push(j);
    if (Math.abs(x0 + i + 1 - f.centerXPx) < mm) seam = Math.max(seam, j);
  }
  jumps.sort((a, b) => a - b);
  return { arc, seam, typicalJump: jumps[Math.floor(jumps.length / 2)], clearMm };
};
`;

interface Corners {
  lateralSoftness: number;
  lateralAngleDeg: number;
  medialAt02Mm: number;
  caruncleMm2: number;
}
interface ShutLid {
  arc: number;
  seam: number;
  typicalJump: number;
  clearMm: number;
}

const renderer = rendererPage(ENTRY);

describe('the eye’s outline (mask pass, 1280×720)', () => {
  it('ends laterally in an acute but soft corner: h(0.15 mm)/h(0.6 mm) over 0.4 (a knife point 0.25–0.3), the margins under 60° apart (the arches alone: ~73°)', async () => {
    const c = await renderer.call<Corners>('corners');
    expect(c.lateralSoftness).toBeGreaterThan(0.4);
    expect(c.lateralAngleDeg).toBeLessThan(60);
    expect(c.lateralAngleDeg).toBeGreaterThan(25);
  }, 60_000);

  it('ends medially in a small lake round the caruncle: over 1 mm tall 0.2 mm from its end (a knife point: 0.68 mm), the caruncle over 3 mm² of it', async () => {
    const c = await renderer.call<Corners>('corners');
    expect(c.medialAt02Mm).toBeGreaterThan(1);
    expect(c.caruncleMm2).toBeGreaterThan(3);
  }, 60_000);
});

describe('the shut lid (colour pass, 1280×720)', () => {
  for (const closure of [1, 0.9]) {
    it(`is one skin at closure ${closure}: no pale hood over the crease (under 6 levels of luma; it was 21) and no seam down its middle (a jump under 3 levels from one column to the next; it was 4.9)`, async () => {
      const s = await renderer.call<ShutLid>('shutLid', closure);
      // The lid's margin is well below the crease: the rows measured are the lid's skin.
      expect(s.clearMm).toBeGreaterThan(3);
      expect(s.arc).toBeLessThan(6);
      expect(s.seam).toBeLessThan(3);
    }, 60_000);
  }
});
