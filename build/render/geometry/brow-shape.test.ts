import { describe, expect, it } from 'vitest';
import { textureRandom } from '../assets/noise.ts';
import { browHairs, browHairsTopMm } from './brow-hairs.ts';
import {
  BROW_DRAWN_LIFT_MAX_MM,
  BROW_U_MAX,
  BROW_U_MIN,
  browDrawnLiftMm,
  browHairAngleRad,
  browLiftAtMm,
  browLowerMm,
  browOutlineCentroidMm,
  browOutlineMm,
  browUpperMm,
  browXMm,
} from './brow-shape.ts';
import { CREASE_HEIGHT_AT_CENTRE_MM, creaseMm } from './crease.ts';
import { FRAME_TOP_MM, eyeFrame, frameExtentMm } from './eye-frame.ts';

/** The highest brow lift over 10-min runs of every scene and preset (2013's lens; measured with simulate). */
const MEASURED_MAX_LIFT_MM = 2.33;

describe('the brow in the frame', () => {
  const hairs = browHairs(textureRandom('brow/hairs'));
  const top = browHairsTopMm(hairs);

  it('keeps every hair inside the frame with room to spare at its highest lift, and the top rows empty at any lift', () => {
    expect(top + MEASURED_MAX_LIFT_MM).toBeLessThan(FRAME_TOP_MM - 1);
    expect(top + browDrawnLiftMm(1e6)).toBeLessThan(FRAME_TOP_MM - 0.2);
    expect(browDrawnLiftMm(1e6)).toBeLessThanOrEqual(BROW_DRAWN_LIFT_MAX_MM);
  });

  it('draws the model\'s lift exactly up to the highest lift the model makes, and never falls as the lift rises', () => {
    for (const l of [-0.5, 0, 1, MEASURED_MAX_LIFT_MM]) expect(browDrawnLiftMm(l)).toBe(l);
    let prev = -Infinity;
    for (let l = 0; l < 6; l += 0.01) {
      expect(browDrawnLiftMm(l)).toBeGreaterThanOrEqual(prev);
      prev = browDrawnLiftMm(l);
    }
  });

  it('sits above the crease all along it, and inside the width of a 16:10 frame', () => {
    for (let u = BROW_U_MIN; u <= BROW_U_MAX; u += 0.01) {
      const x = browXMm(u);
      expect(browLowerMm(u)).toBeGreaterThan(creaseMm(x) + 0.5);
    }
    expect(browLowerMm(0.45) - CREASE_HEIGHT_AT_CENTRE_MM).toBeGreaterThan(0.8);
    const half = frameExtentMm(eyeFrame(1440, 900)).halfWidthMm;
    for (const h of hairs) {
      expect(Math.abs(h.tipXMm)).toBeLessThan(half);
      expect(Math.abs(h.rootXMm)).toBeLessThan(half);
    }
  });
});

describe('the hair field', () => {
  it('turns gradually from upright at the head to lying toward the temple at the tail: no seam', () => {
    expect(browHairAngleRad(0.02, 0.45)).toBeLessThan(Math.PI / 2 + 0.2);
    expect(browHairAngleRad(0.98, 0.45)).toBeGreaterThan(Math.PI - 0.1);
    let maxStep = 0;
    for (let v = 0; v <= 1; v += 0.25) {
      for (let u = 0; u < 1; u += 0.005) maxStep = Math.max(maxStep, Math.abs(browHairAngleRad(u + 0.005, v) - browHairAngleRad(u, v)));
    }
    // 0.005 of the brow is ~0.17 mm: nowhere does the direction jump (a seam would be a step of radians).
    expect(maxStep).toBeLessThan(0.03);
  });

  it('has tapered hairs of varied length and darkness, finer along the tail', () => {
    const hairs = browHairs(textureRandom('brow/hairs'));
    const len = hairs.map((h) => Math.hypot(h.tipXMm - h.rootXMm, h.tipYMm - h.rootYMm));
    expect(Math.min(...len)).toBeLessThan(0.8);
    expect(Math.max(...len)).toBeGreaterThan(2.2);
    const dark = hairs.map((h) => h.darkness);
    expect(Math.max(...dark) - Math.min(...dark)).toBeGreaterThan(0.6);
    const width = (a: number, b: number): number => {
      const w = hairs.filter((h) => h.u >= a && h.u < b).map((h) => h.rootWidthMm);
      return w.reduce((s, x) => s + x, 0) / w.length;
    };
    expect(width(0.85, 1.1)).toBeLessThan(0.8 * width(0.2, 0.5));
    for (const h of hairs) expect(h.tipYMm).toBeLessThanOrEqual(browUpperMm(h.u) + 0.15 + 1e-9);
  });
});

describe('the silhouette (the mask pass)', () => {
  it('is closed by rounded ends: no straight vertical edge longer than 1.5 mm', () => {
    const o = browOutlineMm();
    for (let i = 0; i < o.length; i++) {
      const a = o[i];
      const b = o[(i + 1) % o.length];
      if (Math.abs(b.xMm - a.xMm) < 0.05) expect(Math.abs(b.yMm - a.yMm)).toBeLessThan(1.5);
    }
  });

  it('has its rest centroid inside the band, for the pixel measurement to compare against', () => {
    const c = browOutlineCentroidMm();
    expect(c.areaMm2).toBeGreaterThan(50);
    expect(c.areaMm2).toBeLessThan(110);
    expect(c.xMm).toBeGreaterThan(-8);
    expect(c.xMm).toBeLessThan(4);
    expect(c.yMm).toBeGreaterThan(browLowerMm(0.5));
    expect(c.yMm).toBeLessThan(browUpperMm(0.5));
  });

  it('bends with the chain: the head\'s lift at the head, the tail\'s at the tail, linear between', () => {
    const nodes = [1, 0.8, 0.6, 0.4, 0.2];
    expect(browLiftAtMm(0, nodes)).toBe(1);
    expect(browLiftAtMm(1, nodes)).toBeCloseTo(0.2, 12);
    expect(browLiftAtMm(0.125, nodes)).toBeCloseTo(0.9, 12);
    expect(browLiftAtMm(0.5, [0.7])).toBe(0.7);
  });
});
