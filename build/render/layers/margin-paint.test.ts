import { describe, expect, it } from 'vitest';
import type { EyeFrame } from '../geometry/eye-frame.ts';
import type { LidMargins } from '../geometry/lid-margins.ts';
import type { MarginBand } from './margin-paint.ts';
import { paintMarginBands, RAMP_BACK_MM, stackRamp } from './margin-paint.ts';

// 10 px a mm, the lower margin flat at row 50 (y 0 mm at row 50), the fissure from x 10 to 90 px.
const frame = { centerXPx: 50, centerYPx: 50, pxPerMm: 10, widthPx: 100, heightPx: 100 } as EyeFrame;
const margins = { xLateralMm: -4, xMedialMm: 4, pupilColumnMm: 0, upperDrapeMm: 0, lowerDrapeMm: 0, openness: 1, closure: 0, upperMm: () => 3, lowerMm: () => 0 } as LidMargins;
const box = { x: 0, y: 0, w: 100, h: 100 };
const whole = { x: 0, y: 0, w: 100, h: 100 };

function paint(bands: MarginBand[], region = whole, fill = [255, 255, 255, 255]): Uint8ClampedArray {
  const src = new Uint8ClampedArray(100 * 100 * 4);
  for (let i = 0; i < src.length; i += 4) src.set(fill, i);
  const dst = new Uint8ClampedArray(src.length);
  paintMarginBands(src, dst, box, region, frame, margins, bands);
  return dst;
}
const at = (d: Uint8ClampedArray, x: number, y: number): number[] => [...d.slice((y * 100 + x) * 4, (y * 100 + x) * 4 + 4)];
const even = (): number => 1;

describe('paintMarginBands', () => {
  it('covers a flat band exactly, a pixel it half covers half', () => {
    // From 0.05 mm under the margin to 0.25 mm under it: rows 50.5 … 52.5.
    const d = paint([{ which: 'lower', fromMm: -0.05, toMm: -0.25, taper: even, rgba: () => [0, 0, 0, 1], power: 'flat' }]);
    expect(at(d, 50, 49)).toEqual([255, 255, 255, 255]);
    expect(at(d, 50, 50)[0]).toBe(128);
    expect(at(d, 50, 51)[0]).toBe(0);
    expect(at(d, 50, 52)[0]).toBe(128);
    expect(at(d, 50, 53)[0]).toBe(255);
  });

  it('fades a ramp smoothly, its darkness in all the ramp integral of its profile', () => {
    // Peak 0.8 at the margin, falling as (1 − s)^1.5 to nothing 1 mm (10 rows) under it.
    const d = paint([{ which: 'lower', fromMm: 0, toMm: -1, taper: even, rgba: () => [0, 0, 0, 1], power: 1.5, peak: 0.8 }]);
    const alphas = Array.from({ length: 12 }, (_, k) => 1 - at(d, 50, 50 + k)[0] / 255);
    for (let k = 1; k < 12; k++) expect(alphas[k]).toBeLessThanOrEqual(alphas[k - 1] + 1e-9);
    // No step: a stack of 10 flat fills fell by up to 0.1 of the peak at each of its edges.
    for (let k = 1; k < 10; k++) expect(alphas[k - 1] - alphas[k]).toBeLessThan(0.2);
    // Every pixel the integral of its rows: in all 0.8 · 10 px · ∫(1 − s)^1.5 = 0.8 · 10 / 2.5, plus the 0.02-mm back strip above the margin.
    const total = alphas.reduce((a, b) => a + b, 0) + (1 - at(d, 50, 49)[0] / 255);
    expect(total).toBeCloseTo(0.8 * 10 / 2.5 + 0.8 * 0.2, 1);
  });

  it('lays bands in order, each over what is there', () => {
    const d = paint([
      { which: 'lower', fromMm: 0, toMm: -0.5, taper: even, rgba: () => [255, 0, 0, 1], power: 'flat' },
      { which: 'lower', fromMm: 0, toMm: -0.5, taper: even, rgba: () => [0, 0, 255, 0.5], power: 'flat' },
    ]);
    expect(at(d, 50, 52)).toEqual([128, 0, 128, 255]);
  });

  it('paints a transparent pixel with the band at its own alpha', () => {
    const d = paint([{ which: 'lower', fromMm: 0, toMm: -0.5, taper: even, rgba: () => [40, 30, 20, 0.25], power: 'flat' }], whole, [0, 0, 0, 0]);
    expect(at(d, 50, 52)).toEqual([40, 30, 20, 64]);
  });

  it('thins to nothing where the taper does, and touches nothing outside its region', () => {
    const taper = (t: number): number => Math.sin(Math.PI * t);
    const d = paint([{ which: 'lower', fromMm: 0, toMm: -0.5, taper, rgba: () => [0, 0, 0, 1], power: 'flat' }], { x: 0, y: 0, w: 60, h: 100 });
    expect(at(d, 50, 52)[0]).toBe(0);
    // 0.05 mm in from the canthus the band is a tenth of a pixel.
    expect(at(d, 10, 50)[0]).toBeGreaterThan(220);
    // Outside the region: dst untouched (zero).
    expect(at(d, 70, 52)).toEqual([0, 0, 0, 0]);
  });

  it('places a ramp as the stack of fills it replaces: the same darkness in all', () => {
    // 12 flat fills of a linear fade from 0 to 1 mm under the margin, each as strong as the fade at its inner edge.
    const stacked = Array.from({ length: 12 }, (_, k) => (1 - k / 12) / 12).reduce((a, b) => a + b, 0) * 10;
    const d = paint([{ which: 'lower', ...stackRamp(0, -1, 12), taper: even, rgba: () => [0, 0, 0, 1], power: 1, peak: 1 }]);
    const total = Array.from({ length: 14 }, (_, k) => 1 - at(d, 50, 49 + k)[0] / 255).reduce((a, b) => a + b, 0);
    // Plus the full-strength strip back past the margin the stack had too.
    expect(total).toBeCloseTo(stacked + RAMP_BACK_MM * 10, 1);
  });
});
