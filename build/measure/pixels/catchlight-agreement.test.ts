import { describe, expect, it } from 'vitest';
import { ERA_LIGHT } from '../../model/eras/era-light.ts';
import { catchlightCentreMm } from '../../render/geometry/catchlight-pose.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { gazeSample } from '../../testing/eye-samples.ts';
import { PIXEL_AGREEMENT } from './agreement.ts';
import { catchlightAgreement } from './catchlight-agreement.ts';
import { PIXEL_FIELDS, type PixelField, type PixelTrace } from './pixel-trace.ts';

/** A film of n frames whose gaze sweeps ±15° in yaw, its catchlight drawn by `glint` (model gaze → mm). */
function film(n: number, glint: (yawDeg: number, pitchDeg: number) => { xMm: number; yMm: number; areaMm2: number }) {
  const columns = {} as Record<PixelField, Float64Array>;
  for (const f of PIXEL_FIELDS) columns[f] = new Float64Array(n);
  const xDeg = new Float64Array(n);
  const yDeg = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const yaw = -15 + (30 * k) / (n - 1);
    const pitch = 3 * Math.sin(k / 7);
    xDeg[k] = yaw;
    yDeg[k] = pitch;
    const iris = irisPose(gazeSample(yaw, pitch));
    const g = glint(yaw, pitch);
    columns.frame[k] = k;
    columns.modelTMs[k] = (k * 1000) / 30;
    columns.pupilCenterXMm[k] = iris.centerXMm;
    columns.pupilCenterYMm[k] = iris.centerYMm;
    columns.glintXMm[k] = g.xMm;
    columns.glintYMm[k] = g.yMm;
    columns.glintAreaMm2[k] = g.areaMm2;
  }
  const pixels: PixelTrace = { columns };
  return { pixels, model: { tMs: columns.modelTMs, xDeg, yDeg, apertureMm: new Float64Array(n).fill(10.65) } };
}

const light = ERA_LIGHT['2026'];
const mirror = (yaw: number, pitch: number) => ({ ...catchlightCentreMm({ yawDeg: yaw, pitchDeg: pitch }, light), areaMm2: 3.1 });

describe('the catchlight against the cornea\'s mirror', () => {
  it('holds a catchlight where the mirror puts it, travelling at the cornea\'s pace over the pupil\'s', () => {
    const { pixels, model } = film(90, mirror);
    const a = catchlightAgreement(pixels, model, () => '2026', PIXEL_AGREEMENT);
    expect(a.measured).toBe(true);
    expect(a.framesWhole).toBe(90);
    expect(a.offMirrorMm.maxAbs).toBeLessThan(1e-9);
    expect(a.travelRatio).toBeGreaterThan(0.5);
    expect(a.travelRatio).toBeLessThan(0.6);
    expect(a.placePass && a.travelPass).toBe(true);
  });

  it('fails a catchlight painted on the iris (it travels with the pupil) and one drawn off its place', () => {
    const rest = mirror(0, 0);
    const painted = film(90, (yaw, pitch) => {
      const iris = irisPose(gazeSample(yaw, pitch));
      return { xMm: rest.xMm + iris.centerXMm, yMm: rest.yMm + iris.centerYMm, areaMm2: 3.1 };
    });
    const a = catchlightAgreement(painted.pixels, painted.model, () => '2026', PIXEL_AGREEMENT);
    expect(a.travelRatio).toBeGreaterThan(0.95);
    expect(a.travelPass).toBe(false);
    expect(a.placePass).toBe(false);
    const off = film(90, (yaw, pitch) => ({ ...mirror(yaw, pitch), xMm: mirror(yaw, pitch).xMm + 0.3 }));
    const b = catchlightAgreement(off.pixels, off.model, () => '2026', PIXEL_AGREEMENT);
    expect(b.offMirrorMm.maxAbs).toBeCloseTo(0.3, 6);
    expect(b.placePass).toBe(false);
    expect(b.travelPass).toBe(true);
  });

  it('reads only frames it shows whole (a lid over part of it moves its centroid), and says when it cannot read', () => {
    const lidded = film(90, (yaw, pitch) => (yaw > 10 ? { xMm: 0, yMm: 3, areaMm2: 1.2 } : mirror(yaw, pitch)));
    const a = catchlightAgreement(lidded.pixels, lidded.model, () => '2026', PIXEL_AGREEMENT);
    expect(a.framesWhole).toBeLessThan(90);
    expect(a.placePass).toBe(true);
    const none = film(30, () => ({ xMm: NaN, yMm: NaN, areaMm2: NaN }));
    const b = catchlightAgreement(none.pixels, none.model, () => '2026', PIXEL_AGREEMENT);
    expect(b.measured).toBe(false);
    expect(b.why).toMatch(/no catchlight plane/);
    expect(catchlightAgreement(lidded.pixels, lidded.model, null, PIXEL_AGREEMENT).why).toMatch(/no era/);
  });
});
