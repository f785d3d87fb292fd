import { describe, expect, it } from 'vitest';
import { lidMargins, openingMm, openingTable } from './lids.ts';
import { REST_APERTURE_MM } from './rest.ts';

describe('lid twin: the opening table', () => {
  const t = openingTable();
  it('rest 10.65 mm, up ~10.9 mm, down ~8.4 mm, each to 0.05 mm', () => {
    console.log(`opening table: rest ${t.restMm.toFixed(3)} mm, up ${t.upMm.toFixed(3)} mm, down ${t.downMm.toFixed(3)} mm`);
    expect(Math.abs(t.restMm - 10.65)).toBeLessThan(0.05);
    expect(Math.abs(t.upMm - 10.9)).toBeLessThan(0.05);
    expect(Math.abs(t.downMm - 8.4)).toBeLessThan(0.05);
  });

  it('the opening falls steadily looking down and stays about the same looking up', () => {
    let last = openingMm(0);
    for (let p = -1; p >= -16; p--) {
      const o = openingMm(p);
      expect(o).toBeLessThan(last);
      last = o;
    }
    for (let p = 0; p <= 8.5; p += 0.5) expect(Math.abs(openingMm(p) - REST_APERTURE_MM)).toBeLessThan(0.4);
  });

  it('closure brings the margins together linearly, meeting low', () => {
    const open = lidMargins(-5, 0, { upperMm: 0, lowerMm: 0 });
    const half = lidMargins(-5, 0.5, { upperMm: 0, lowerMm: 0 });
    const shut = lidMargins(-5, 1, { upperMm: 0, lowerMm: 0 });
    expect(shut.upperMm - shut.lowerMm).toBeCloseTo(0, 12);
    expect(half.upperMm - half.lowerMm).toBeCloseTo((open.upperMm - open.lowerMm) / 2, 12);
    expect(open.upperMm - shut.upperMm).toBeGreaterThan(4 * (shut.lowerMm - open.lowerMm));
  });
});
