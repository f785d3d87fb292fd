import { describe, expect, it } from 'vitest';
import { restSample } from '../../model/anatomy/rest.ts';
import type { EyeSample } from '../../model/types.ts';
import { blinkSample, gazeSample } from '../../testing/eye-samples.ts';
import { irisPose } from '../../render/geometry/iris-pose.ts';
import { xPx, yPx } from '../../render/geometry/eye-frame.ts';
import { MaskMeter } from './mask-meter.ts';
import { browEdgesPx, measureMaskFrame } from './measure-mask.ts';
import { syntheticMask, type SyntheticMaskOptions } from '../../testing/synthetic-mask.ts';
import { MASK_CARUNCLE, MASK_TEAR, classifyMaskPixel } from '../../render/mask-colors.ts';

// 640×360: 14.4 px/mm, half the film's 720p scale, so every sub-pixel claim is tested at its hardest.
const SIZE: SyntheticMaskOptions = { widthPx: 640, heightPx: 360, browEdgeMm: (x) => 9.2 + 0.4 * Math.sin(x / 6), browThicknessMm: 2.5 };
const references = new Map<string, Float64Array>();
const measure = (s: EyeSample, o: Partial<SyntheticMaskOptions> = {}, fallbackColumnXMm = 0) => {
  const opts = { ...SIZE, ...o };
  // The brow reference is a rest mask of the same framing (drawn once per framing).
  const key = `${opts.widthPx}x${opts.heightPx}@${opts.centerYPx ?? 'mid'}`;
  if (!references.has(key)) references.set(key, browEdgesPx(syntheticMask(restSample(), opts).rgba, opts.widthPx, opts.heightPx));
  const { rgba, frame } = syntheticMask(s, opts);
  return measureMaskFrame(rgba, opts.widthPx, opts.heightPx, frame, { fallbackColumnXMm, browReferencePx: references.get(key)! });
};

describe('measureMaskFrame on synthetic masks', () => {
  it('reads the rest eye: centre, gaze, pupil, opening, no brow lift', () => {
    const m = measure(restSample());
    expect(m.pupil).toBe('whole');
    expect(Math.abs(m.pupilCenterXMm)).toBeLessThan(0.01);
    expect(Math.abs(m.pupilCenterYMm)).toBeLessThan(0.01);
    expect(Math.abs(m.yawDeg)).toBeLessThan(0.05);
    expect(Math.abs(m.pitchDeg)).toBeLessThan(0.05);
    expect(m.pupilDiameterMm).toBeCloseTo(4, 1);
    expect(Math.abs(m.apertureMm - restSample().apertureMm)).toBeLessThan(0.05);
    expect(Math.abs(m.browLiftMm)).toBeLessThan(0.01);
  });

  it('reads the same with the tear line and caruncle drawn (they are the opening), the classes really there', () => {
    const dense = Array.from({ length: 40 }, (_, i) => -6 + i * 0.3);
    for (const s of [restSample(), gazeSample(-25, 0), gazeSample(25, 0), gazeSample(0, -20), gazeSample(0, 12), blinkSample(0.5, { yawDeg: 5 })]) {
      for (const lashes of [{}, { lashColumnsMm: dense, lashRootMm: 0.3 }]) {
        const dry = measure(s, lashes);
        const wet = measure(s, { ...lashes, wet: true });
        const label = `yaw ${s.yawDeg} pitch ${s.pitchDeg} closure ${s.blinkClosure}`;
        expect(wet.pupil, label).toBe(dry.pupil);
        expect(Math.abs(wet.apertureMm - dry.apertureMm), label).toBeLessThan(0.01);
        if (dry.pupil === 'whole') {
          expect(Math.abs(wet.pupilCenterXMm - dry.pupilCenterXMm), label).toBeLessThan(0.005);
          expect(Math.abs(wet.pupilCenterYMm - dry.pupilCenterYMm), label).toBeLessThan(0.005);
          expect(Math.abs(wet.pupilDiameterMm - dry.pupilDiameterMm), label).toBeLessThan(0.01);
        }
      }
    }
    const { rgba } = syntheticMask(restSample(), { ...SIZE, wet: true });
    let tear = 0;
    let caruncle = 0;
    for (let i = 0; i < rgba.length; i += 4) {
      const c = classifyMaskPixel(rgba[i], rgba[i + 1], rgba[i + 2]);
      if (c === MASK_TEAR) tear++;
      else if (c === MASK_CARUNCLE) caruncle++;
    }
    expect(tear).toBeGreaterThan(200);
    expect(caruncle).toBeGreaterThan(200);
  });

  it('inverts the twin off-axis: gaze to 0.1°, the pupil along its unforeshortened axis', () => {
    for (const [yaw, pitch, pupil] of [
      [18, -8, 6],
      [-25, 12, 3],
      [5, 20, 2.5],
    ]) {
      const s = gazeSample(yaw, pitch, { pupilMm: pupil });
      const m = measure(s);
      const pose = irisPose(s);
      expect(m.pupil, `${yaw},${pitch}`).toBe('whole');
      expect(Math.abs(m.pupilCenterXMm - pose.centerXMm)).toBeLessThan(0.02);
      expect(Math.abs(m.pupilCenterYMm - pose.centerYMm)).toBeLessThan(0.02);
      expect(Math.abs(m.yawDeg - yaw)).toBeLessThan(0.1);
      expect(Math.abs(m.pitchDeg - pitch)).toBeLessThan(0.1);
      expect(Math.abs(m.pupilDiameterMm - pupil)).toBeLessThan(0.05);
      expect(Math.abs(m.apertureMm - s.apertureMm), `${yaw},${pitch} aperture`).toBeLessThan(0.05);
    }
  });

  it('follows a pupil the lid covers in part from the rim it still shows', () => {
    for (const closure of [0.35, 0.42]) {
      const s = blinkSample(closure, { yawDeg: 12, pupilMm: 5 });
      const pose = irisPose(s);
      const m = measure(s);
      expect(m.pupil, `closure ${closure}`).toBe('partial');
      expect(Math.abs(m.pupilCenterXMm - pose.centerXMm)).toBeLessThan(0.03);
      expect(Math.abs(m.pupilCenterYMm - pose.centerYMm)).toBeLessThan(0.03);
      expect(Math.abs(m.pupilDiameterMm - 5)).toBeLessThan(0.06);
      expect(Math.abs(m.apertureMm - s.apertureMm)).toBeLessThan(0.05);
    }
  });

  it('loses the pupil under the lid, and reads the opening at the fallback column, 0 when shut', () => {
    const half = blinkSample(0.7);
    const m = measure(half, {}, 0);
    expect(m.pupil).toBe('lost');
    expect(m.yawDeg).toBeNaN();
    expect(m.pupilDiameterMm).toBeNaN();
    expect(m.apertureColumnXMm).toBe(0);
    expect(Math.abs(m.apertureMm - half.apertureMm)).toBeLessThan(0.05);
    const shut = measure(blinkSample(1));
    expect(shut.pupil).toBe('lost');
    expect(shut.apertureMm).toBe(0);
  });

  it('a lash across the pupil leaves it to the rim fit; a lash across the opening elsewhere is bridged', () => {
    const s = gazeSample(0, 0, { pupilMm: 4 });
    const over = measure(s, { lashAcross: { xMm: 0.5, topMm: 6, bottomMm: 1 } });
    expect(over.pupil).toBe('partial');
    expect(Math.abs(over.pupilCenterXMm)).toBeLessThan(0.03);
    const beside = measure(s, { lashAcross: { xMm: 4, topMm: 6, bottomMm: 1 }, lashColumnsMm: [-6, -3, -1, 1, 3, 6] });
    expect(beside.pupil).toBe('whole');
    expect(Math.abs(beside.apertureMm - s.apertureMm)).toBeLessThan(0.05);
    // Read the opening right at a lash lying across it (opening above and below): it does not close it.
    const half = blinkSample(0.5);
    const atLash = measure(half, { lashAcross: { xMm: 0, topMm: half.upperLidMm - 0.6, bottomMm: half.upperLidMm - 2.1 } }, 0);
    expect(atLash.pupil).not.toBe('whole');
    expect(Math.abs(atLash.apertureMm - half.apertureMm)).toBeLessThan(0.05);
  });

  it('reads the opening past lash roots drawn over the margin, and past lashes hanging across a closing slit', () => {
    const dense = Array.from({ length: 40 }, (_, i) => -6 + i * 0.3);
    for (const s of [gazeSample(5, 0), blinkSample(0.5, { yawDeg: 5 })]) {
      const m = measure(s, { lashColumnsMm: dense, lashRootMm: 0.3 });
      expect(Math.abs(m.apertureMm - s.apertureMm), `aperture ${s.apertureMm}`).toBeLessThan(0.05);
    }
    // Read straight down the column, the roots alone would take 0.3 mm off.
    const s = gazeSample(0, 0);
    const atRoot = measure(s, { lashColumnsMm: [0], lashRootMm: 0.3 });
    expect(Math.abs(atRoot.apertureMm - s.apertureMm)).toBeLessThan(0.05);
  });

  it('reads the opening under the upper fringe\'s root band, a half-skin, half-lash gap in it not taken for the opening', () => {
    // The page's fringe (layers/lashes.ts: 3 rows of hairs, root stubs 3× their width) covers the
    // upper margin by the pupil with a band of lash ~1.4 mm tall, down to the opening: no column
    // within ±3 mm shows the margin meeting skin, so the column read straight through is the only
    // reading. In the band, a gap between two hairs half covered by each: (127, 0, 127), the colour
    // 1981-rest drew 20 px above the margin at its pupil's column at frame 303, which is nearer the
    // pupil's black than skin or lash. Read as opening, it bridged the band: 1.4 mm too tall.
    const s = gazeSample(0, 0);
    const { rgba, frame } = syntheticMask(s, SIZE);
    const w = SIZE.widthPx;
    const bandPx = Math.round(1.4 * frame.pxPerMm);
    const x0 = Math.floor(xPx(frame, 0));
    const halfPx = Math.round(3.5 * frame.pxPerMm);
    const level = (y: number, x: number, ch: number) => rgba[(y * w + x) * 4 + ch];
    for (let x = x0 - halfPx; x <= x0 + halfPx; x++) {
      // Up the column from inside the opening (iris, above the pupil) to the margin's last row with any opening in it.
      let margin = Math.round(yPx(frame, s.upperLidMm)) + 3;
      while (level(margin - 1, x, 1) > 0) margin--;
      // The band: each pixel's skin share (the iris and sclera carry all of green, skin none) becomes lash.
      for (let y = margin - bandPx; y <= margin; y++) {
        const i = (y * w + x) * 4;
        const skin = 255 - rgba[i + 1];
        rgba[i] -= skin;
        rgba[i + 2] += skin;
      }
      if (Math.abs(x - x0) <= 1) rgba.set([127, 0, 127], ((margin - bandPx) * w + x) * 4);
    }
    const m = measureMaskFrame(rgba, w, SIZE.heightPx, frame, { fallbackColumnXMm: 0, browReferencePx: null });
    expect(m.pupil).toBe('whole');
    expect(Math.abs(m.apertureMm - s.apertureMm), `read ${m.apertureMm} mm, model ${s.apertureMm} mm`).toBeLessThan(0.05);
  });

  it('reads the brow lift to well under 0.3 mm, in and partly out of frame', () => {
    for (const lift of [0.37, 1.5, -0.8, 2.9]) {
      const m = measure({ ...restSample(), browLiftMm: lift });
      expect(Math.abs(m.browLiftMm - lift), `lift ${lift}`).toBeLessThan(0.03);
    }
    // Brow too high to show any edge at all (12 mm: past the lowered globe's 17.5 mm of frame above it): not measurable.
    expect(measure({ ...restSample(), browLiftMm: 12 }).browLiftMm).toBeNaN();
  });

  it('converts through the frame, wherever the globe centre sits in it', () => {
    const s = gazeSample(10, 5, { browLiftMm: 1 });
    const m = measure(s, { centerYPx: 230 });
    expect(Math.abs(m.yawDeg - 10)).toBeLessThan(0.1);
    expect(Math.abs(m.pitchDeg - 5)).toBeLessThan(0.1);
    expect(Math.abs(m.apertureMm - s.apertureMm)).toBeLessThan(0.05);
    expect(Math.abs(m.browLiftMm - 1)).toBeLessThan(0.03);
  });

  it('a corrupted mask (the lid drawn 0.5 mm low) reads 0.5 mm short', () => {
    const s = gazeSample(0, 0);
    const m = measure({ ...s, upperLidMm: s.upperLidMm - 0.5 });
    expect(s.apertureMm - m.apertureMm).toBeGreaterThan(0.45);
  });

  it('refuses a buffer of the wrong size', () => {
    expect(() => measureMaskFrame(new Uint8ClampedArray(10), 640, 360, { widthPx: 640, heightPx: 360, pxPerMm: 14.4, centerXPx: 320, centerYPx: 180 }, { fallbackColumnXMm: 0, browReferencePx: null })).toThrow(/not 640×360 RGBA/);
  });
});

describe('MaskMeter', () => {
  it('reads a hidden pupil\'s opening at the iris the slit shows, and a shut eye\'s at the last column read', () => {
    const meter = new MaskMeter();
    const rest = syntheticMask(restSample(), SIZE);
    meter.calibrate(rest.rgba, SIZE.widthPx, SIZE.heightPx);
    const seen = syntheticMask(gazeSample(15, 0), SIZE);
    const a = meter.measure(seen.rgba, SIZE.widthPx, SIZE.heightPx, seen.frame);
    expect(a.pupil).toBe('whole');
    // The eye turned further while the lid hid the pupil: the slit's iris says where.
    const slitSample = blinkSample(0.8, { yawDeg: 20 });
    const slit = syntheticMask(slitSample, SIZE);
    const b = meter.measure(slit.rgba, SIZE.widthPx, SIZE.heightPx, slit.frame);
    expect(b.pupil).toBe('lost');
    // Within 0.2 mm: turned and rolled up, the iris is a tilted ellipse, whose horizontal chords are
    // halved a little off its centre's column (the opening changes by far less across that).
    expect(Math.abs(b.apertureColumnXMm - irisPose(slitSample).centerXMm)).toBeLessThan(0.2);
    expect(Math.abs(b.apertureMm - slitSample.apertureMm)).toBeLessThan(0.05);
    const shut = syntheticMask(blinkSample(1, { yawDeg: 20 }), SIZE);
    const c = meter.measure(shut.rgba, SIZE.widthPx, SIZE.heightPx, shut.frame);
    expect([c.pupil, c.apertureMm, c.apertureColumnXMm]).toEqual(['lost', 0, b.apertureColumnXMm]);
    expect(Math.abs(c.browLiftMm)).toBeLessThan(0.01);
  });

  it('a last sliver of pupil at a closing lid is never taken for a whole pupil, clipped softly or hard', () => {
    // Closures where the lid leaves less and less of the pupil, down to a sliver.
    for (const hardClip of [false, true]) {
      for (const closure of [0.5, 0.6, 0.64, 0.66, 0.668, 0.672, 0.674, 0.676]) {
        const m = measure(blinkSample(closure), { hardClip });
        if (m.pupil === 'whole') throw new Error(`closure ${closure}${hardClip ? ', hard clip' : ''}: a covered pupil read whole`);
        if (m.pupil === 'partial') expect(Math.abs(m.pupilDiameterMm - 4)).toBeLessThan(0.1);
      }
    }
  });
});
